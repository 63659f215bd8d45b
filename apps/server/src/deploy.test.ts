/**
 * deploy/compose.yaml sets only variables the configuration knows, with values it accepts, and
 * starts the instances the way the rolling-restart test does (migrate step, start-up migration off).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeFlags, startEnvironment, startWords } from '../test/start-command';
import { CONFIG_VARIABLES, loadConfig } from './config';

const compose = parse(readFileSync(new URL('../../../deploy/compose.yaml', import.meta.url), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; command?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }> }>;
};
const portalServices = Object.entries(compose.services).filter(([, service]) => service.image === 'billing-portal:latest');

/** Compose's `${VAR:?…}` / `${VAR:-default}` with sample values, as an operator would fill them. */
const SAMPLES: Record<string, string> = { POSTGRES_PASSWORD: 'secret', SECRETS_KEY: '7e'.repeat(32), PORTAL_HOST: 'portal.example.com' };
const interpolate = (value: string) =>
  String(value).replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_all, name: string, fallback: string | undefined) => SAMPLES[name] ?? (fallback?.startsWith('set ') ? '' : (fallback ?? '')));

describe('deploy/compose.yaml', () => {
  it('has the migrate step, two instances of the portal image serving requests and one running the jobs', () => {
    expect(portalServices.map(([name]) => name).sort()).toEqual(['migrate', 'portal-1', 'portal-2', 'portal-jobs']);
    expect(compose.services.migrate!.command).toEqual(['node', 'apps/server/dist/migrate.js']);
    for (const name of ['portal-1', 'portal-2', 'portal-jobs']) expect(compose.services[name]!.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
  });

  it('runs the jobs only in the instance behind no proxy, at a lower CPU priority (docs/decisions/0028-webhooks.md)', () => {
    const configOf = (name: string) =>
      loadConfig(Object.fromEntries(Object.entries(compose.services[name]!.environment ?? {}).map(([key, value]) => [key, interpolate(value)])));
    for (const name of ['portal-1', 'portal-2']) expect([configOf(name).JOBS_ENABLED, configOf(name).NICE]).toEqual([false, 0]);
    expect([configOf('portal-jobs').JOBS_ENABLED, configOf('portal-jobs').NICE]).toEqual([true, 10]);
    const caddyfile = readFileSync(new URL('../../../deploy/Caddyfile', import.meta.url), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy portal-1:3000 portal-2:3000 \{/);
    expect(caddyfile).not.toContain('portal-jobs');
  });

  it.each(portalServices)('%s sets only variables the configuration knows, with valid values', (_name, service) => {
    const environment = service.environment ?? {};
    expect(Object.keys(environment).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(environment.MIGRATE_ON_START).toBe('false');
    expect(environment.TRUST_PROXY).toBeTruthy();
    const env = Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value)]));
    const config = loadConfig(env);
    expect(config.MIGRATE_ON_START).toBe(false);
    expect(config.PUBLIC_ORIGIN).toBe('https://portal.example.com');
  });
});

describe('the production start command', () => {
  const dockerfile = readFileSync(new URL('../../../deploy/Dockerfile', import.meta.url), 'utf8');
  const dockerCmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const npmStart = startWords();

  it('runs the compiled server with a 4 MB young generation, WebAssembly on the baseline compiler and the old generation compacted at every full collection, in npm start and in the image alike', () => {
    expect(nodeFlags(npmStart)).toEqual(['--max-semi-space-size=4', '--liftoff-only', '--compact-on-every-full-gc']);
    expect(nodeFlags(dockerCmd)).toEqual(nodeFlags(npmStart));
    expect(dockerCmd.at(-1)).toBe('apps/server/dist/server.js');
  });

  it("has glibc give freed memory back past 128 KB and leaves its mmap threshold alone (a low one maps every socket read's buffer), in npm start and in the image alike", () => {
    expect(startEnvironment(npmStart)).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' });
    const imageEnv = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)![1]!;
    expect(imageEnv).toMatch(/^\s*MALLOC_TRIM_THRESHOLD_=131072 \\$/m);
    expect(imageEnv).not.toMatch(/MALLOC_MMAP_THRESHOLD_/);
  });
});
