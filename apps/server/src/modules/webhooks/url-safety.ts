/**
 * Server-side request forgery: in production a webhook may only reach the public internet over https, so an
 * endpoint cannot make the portal call its own network (metadata services, databases, admin pages).
 * Checked at registration and again at each delivery, on the addresses the connection actually uses.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
// IPv4: "this network", private (RFC 1918), shared (CGNAT), loopback, link-local, benchmarking, multicast and reserved.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, unique local (private), link-local, site-local, multicast.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (`::ffff:10.0.0.1`), else null. */
const embeddedIpv4 = (address: string): string | null => {
  const match = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
};

/** Whether an IP address is on the public internet: not loopback, link-local, private or otherwise reserved (pure). */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(address, 'ipv6');
};

/** A URL's host as an address or name: `[::1]` loses its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why a URL may not be a webhook's in production before resolving it (pure), or null. */
export const urlProblem = (url: URL): string | null => {
  if (url.protocol !== 'https:') return 'In production a webhook URL must start with https://';
  if (url.username || url.password) return 'A webhook URL cannot carry a user name or password';
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host)) return 'A webhook URL cannot point to a loopback, link-local or private address';
  return null;
};

export const PRIVATE_ADDRESS_PROBLEM = 'The webhook URL resolves to a loopback, link-local or private address';
