import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, 10.0.0.0/8,2001:db8::/32', ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']],
  ])('%j → %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'proxy.example.com', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1'])('refuses %j with a clear message', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: a hop count, or proxy addresses and CIDR ranges/);
  });
});

describe('pools', () => {
  it('give exports a quarter of the connections unless told otherwise', () => {
    expect(loadConfig({ DB_POOL_SIZE: '40' }).EXPORT_CONNECTIONS).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '2' }).EXPORT_CONNECTIONS).toBe(1);
    expect(loadConfig({ DB_POOL_SIZE: '40', EXPORT_CONNECTIONS: '3' }).EXPORT_CONNECTIONS).toBe(3);
  });
});

describe('replicas', () => {
  const primary = { DATABASE_URL: 'postgres://portal@db:5432/portal' };

  it('are none by default, and 5 s of lag is allowed', () => {
    const config = loadConfig(primary);
    expect([config.DATABASE_REPLICA_URLS, config.REPLICA_MAX_LAG_SECONDS]).toEqual([[], 5]);
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URLS: '' }).DATABASE_REPLICA_URLS).toEqual([]);
  });

  it('are read as a comma-separated list of PostgreSQL URLs', () => {
    const config = loadConfig({ ...primary, DATABASE_REPLICA_URLS: 'postgres://portal@replica-a:5432/portal, postgresql://portal@replica-b/portal,', REPLICA_MAX_LAG_SECONDS: '1.5' });
    expect(config.DATABASE_REPLICA_URLS).toEqual(['postgres://portal@replica-a:5432/portal', 'postgresql://portal@replica-b/portal']);
    expect(config.REPLICA_MAX_LAG_SECONDS).toBe(1.5);
  });

  it.each([
    [{ ...primary, DATABASE_REPLICA_URLS: 'http://replica/portal' }, /DATABASE_REPLICA_URLS\.0: Invalid URL/],
    [{ ...primary, DATABASE_REPLICA_URLS: 'replica:5432' }, /DATABASE_REPLICA_URLS\.0: Invalid URL/],
    [{ ...primary, REPLICA_MAX_LAG_SECONDS: '0' }, /REPLICA_MAX_LAG_SECONDS/],
    [{ DATABASE_REPLICA_URLS: 'postgres://portal@replica/portal' }, /DATABASE_REPLICA_URLS needs DATABASE_URL \(PGlite has no replicas\)/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('export bounds', () => {
  it('default to two exports per person and 16 KiB/s over 30 s', () => {
    const config = loadConfig({});
    expect([config.EXPORTS_PER_USER, config.EXPORT_MIN_BYTES_PER_SECOND, config.EXPORT_RATE_WINDOW_SECONDS]).toEqual([2, 16_384, 30]);
    const set = loadConfig({ EXPORTS_PER_USER: '3', EXPORT_MIN_BYTES_PER_SECOND: '0', EXPORT_RATE_WINDOW_SECONDS: '5' });
    expect([set.EXPORTS_PER_USER, set.EXPORT_MIN_BYTES_PER_SECOND, set.EXPORT_RATE_WINDOW_SECONDS]).toEqual([3, 0, 5]);
  });

  it.each([
    ['EXPORTS_PER_USER', '0'],
    ['EXPORTS_PER_USER', 'two'],
    ['EXPORT_MIN_BYTES_PER_SECOND', '-1'],
    ['EXPORT_MIN_BYTES_PER_SECOND', '1.5'],
    ['EXPORT_RATE_WINDOW_SECONDS', '0'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}`));
  });
});

describe('tax registration numbers', () => {
  const base = { NODE_ENV: 'test' as const, SECRETS_KEY: '7e'.repeat(32) };

  it('are optional, and normalised to "<digits> <program>"', () => {
    expect(loadConfig(base).TAX_GST_HST_NUMBER).toBeUndefined();
    expect(loadConfig({ ...base, TAX_GST_HST_NUMBER: '' }).TAX_GST_HST_NUMBER).toBeUndefined();
    const config = loadConfig({ ...base, TAX_GST_HST_NUMBER: ' 123456789rt0001 ', TAX_QST_NUMBER: '1234567890 TQ0001' });
    expect(config.TAX_GST_HST_NUMBER).toBe('123456789 RT0001');
    expect(config.TAX_QST_NUMBER).toBe('1234567890 TQ0001');
  });

  it.each([
    ['TAX_GST_HST_NUMBER', '12345678 RT0001'],
    ['TAX_GST_HST_NUMBER', '123456789 TQ0001'],
    ['TAX_QST_NUMBER', '123456789 RT0001'],
    ['TAX_QST_NUMBER', 'QST 1234567890'],
  ])('refuse %s=%j at start-up', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}`));
  });
});

describe('METRICS_PORT', () => {
  const key = { SECRETS_KEY: '7e'.repeat(32) };
  it.each([
    [{ NODE_ENV: 'production' }, 9464],
    [{ NODE_ENV: 'production', METRICS_PORT: '' }, 9464],
    [{ NODE_ENV: 'production', METRICS_PORT: '9100' }, 9100],
    [{ NODE_ENV: 'production', METRICS_PORT: '0' }, 0],
    [{ NODE_ENV: 'development' }, 0],
    [{ NODE_ENV: 'development', METRICS_PORT: '9100' }, 9100],
    [{ NODE_ENV: 'test' }, 0],
    [{}, 0],
  ])('%j → %j (off outside production unless set)', (env, port) => {
    expect(loadConfig({ ...key, ...env }).METRICS_PORT).toBe(port);
  });

  it.each(['-1', '65536', 'metrics', '9464.5'])('refuses %j, naming the setting', (value) => {
    expect(() => loadConfig({ ...key, METRICS_PORT: value })).toThrow(/^Invalid configuration: METRICS_PORT: /);
  });
});
