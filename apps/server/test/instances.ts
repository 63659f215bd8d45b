/**
 * Real server processes on one PostgreSQL database, as a provider runs several instances: for
 * tests of what only shows across processes (claims, revocation, crashes, restarts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SECRETS_KEY } from '../src/config';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface Instance {
  url: string;
  process: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGKILL: the process dies at once, mid-whatever, like a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/**
 * Starts `src/server.ts` (or `compiled`, a server.js built by build.mjs) with the environment given
 * (plus test defaults; a variable given as undefined is left unset) and `nodeFlags`, and waits until
 * it listens. Its port is the system's choice unless `PORT` is given.
 */
export const startInstance = async (
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000, compiled, nodeFlags = [] }: { timeoutMs?: number; compiled?: string; nodeFlags?: readonly string[] } = {},
): Promise<Instance> => {
  const child = spawn(process.execPath, [...nodeFlags, ...(compiled ? [compiled] : ['--import', 'tsx', 'src/server.ts'])], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Several instances and the test's own pools share one PostgreSQL (100 connections by default).
      DB_POOL_SIZE: '8',
      // Off unless a test asks: several instances would contend for one port.
      METRICS_PORT: '0',
      // Tests that stop instances do not wait for load balancers that are not there.
      SHUTDOWN_DRAIN_SECONDS: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-instance-')),
      // The key the tests' own app seals secrets with, so every instance reads the same database.
      SECRETS_KEY: TEST_SECRETS_KEY,
      // The origin (and so the token issuer) the tests' own app and token factory use.
      PUBLIC_ORIGIN: 'http://localhost:3000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start in ${timeoutMs} ms:\n${printed}`)), timeoutMs);
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(printed);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code} before it started:\n${printed}`));
    });
  });
  return {
    url,
    process: child,
    output: () => printed,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
};

/** A port nobody listens on right now, for a test that must name one. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The database URL of a test database (its main pool's connection string). */
export const databaseUrlOf = (pool: { options: unknown }): string => (pool.options as { connectionString: string }).connectionString;
