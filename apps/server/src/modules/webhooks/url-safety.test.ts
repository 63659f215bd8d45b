import { describe, expect, it } from 'vitest';
import { isPublicAddress, urlProblem } from './url-safety';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', true],
    ['not-an-address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('urlProblem', () => {
  it.each([
    ['https://hooks.example.com/portal', null],
    ['https://8.8.8.8/hook', null],
    ['http://hooks.example.com/portal', 'In production a webhook URL must start with https://'],
    ['https://user:pw@hooks.example.com/', 'A webhook URL cannot carry a user name or password'],
    ['https://127.0.0.1/hook', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://[::1]:8443/hook', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://169.254.169.254/latest/meta-data', 'A webhook URL cannot point to a loopback, link-local or private address'],
  ])('%s', (url, problem) => {
    expect(urlProblem(new URL(url))).toBe(problem);
  });
});
