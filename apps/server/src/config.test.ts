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
