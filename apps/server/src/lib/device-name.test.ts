import { describe, expect, it } from 'vitest';
import { deviceName, deviceParts } from './device-name';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('deviceName', () => {
  it.each([
    [MAC_CHROME, 'en', 'Chrome on macOS'],
    [IPHONE_SAFARI, 'en', 'Safari on iOS'],
    [LINUX_FIREFOX, 'en', 'Firefox on Linux'],
    [LINUX_FIREFOX, 'fr', 'Firefox sur Linux'],
    ['curl/8.1', 'en', 'Unknown device'],
    ['curl/8.1', 'fr', 'Appareil inconnu'],
    ['', 'en', 'Unknown device'],
    [undefined, 'fr', 'Appareil inconnu'],
  ] as const)('%s in %s → %s', (ua, language, name) => {
    expect(deviceName(ua, language)).toBe(name);
  });
});

describe('deviceParts', () => {
  it.each([
    [MAC_CHROME, { browser: 'Chrome', os: 'macOS' }],
    ['curl/8.1', { browser: null, os: null }],
    [null, { browser: null, os: null }],
  ])('%s → %j', (ua, parts) => {
    expect(deviceParts(ua)).toEqual(parts);
  });
});
