import { stringifyJson } from '@portal/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '@/app/router';
import { refresh as refreshSession } from '@/lib/session/session-store';

/** An unsigned JWT with the portal's claims (the browser never verifies signatures, only decodes). */
export const makeToken = (
  claims: Partial<{ sub: string; name: string; roles: string[]; scopes: string[]; exp: number; idleMinutes: unknown }> = {},
): string => {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const payload = {
    sub: '1',
    name: 'Casey Customer',
    roles: [],
    scopes: ['ac:1001'],
    aud: ['billing-portal', 'billing'],
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64(payload)}.signature`;
};

/** A JSON response written like the services write it (bigint ids as plain integers). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : stringifyJson(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export interface FetchCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Replaces fetch with `handler` (routes by method + path as the test likes) and records every call.
 * Unhandled calls should return a 404 from the handler so a test fails loudly.
 */
export const mockFetch = (handler: Handler) => {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
};

/** Renders the real route table at `path` in a memory router (lazy routes load as in the app), with the session read from storage. */
export const renderRoute = (path: string) => {
  // Tests seed tokens straight into storage; the session store caches, so make it read them now.
  refreshSession();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { router, ...utils };
};
