import { parseJson, stringifyJson } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/client';
import { handleUnauthorized } from '@/lib/api/unauthorized';
import { endSession, getSession } from '@/lib/session/session-store';

/**
 * A billing call that needs extra request headers (the payment's `Idempotency-Key`). The shared client
 * (`lib/api/client.ts`) has no way to pass headers yet, so this follows its rules exactly: bearer token,
 * lossless JSON both ways, 401 ends the session, any status but 200/204 throws `ApiError`, and the answer is
 * parsed with the contract schema.
 */
export const billingRequestWithHeaders = async <S extends z.ZodType>(options: {
  method: 'POST' | 'PUT';
  /** Path after `/b`, already built (e.g. `/v1/Payment/customerpayment?autoAssignPayment=true`). */
  url: string;
  body: unknown;
  headers: Record<string, string>;
  schema: S;
  signal?: AbortSignal;
}): Promise<z.output<S>> => {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers });
  const token = getSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/b${options.url}`, {
    method: options.method,
    headers,
    body: stringifyJson(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  if (text) {
    try {
      body = parseJson(text);
    } catch {
      body = text;
    }
  }
  if (response.status === 401) {
    endSession();
    handleUnauthorized();
  }
  if (response.status !== 200 && response.status !== 204) throw new ApiError(response.status, body ?? '', response.headers);
  return options.schema.parse(body);
};
