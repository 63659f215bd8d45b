import { describe, expect, it } from 'vitest';
import { listenFailure } from './listen-errors';

const failure = (code: string) => Object.assign(new Error(`listen ${code} 0.0.0.0:9464`), { code });

describe('listenFailure', () => {
  it.each([
    [
      'METRICS_PORT',
      'EADDRINUSE',
      'METRICS_PORT 9464 is already in use on 0.0.0.0 (another portal or program listens there): set METRICS_PORT to a free port, or 0 to turn the metrics listener off',
    ],
    [
      'PORT',
      'EADDRINUSE',
      'PORT 9464 is already in use on 0.0.0.0 (another portal or program listens there): set PORT to a free port',
    ],
    [
      'METRICS_PORT',
      'EACCES',
      'METRICS_PORT 9464 on 0.0.0.0 may not be opened by this user: set METRICS_PORT to a port above 1023, or 0 to turn the metrics listener off',
    ],
    ['PORT', 'EACCES', 'PORT 9464 on 0.0.0.0 may not be opened by this user: set PORT to a port above 1023'],
    ['PORT', 'EADDRNOTAVAIL', 'PORT 9464 on 0.0.0.0 could not be opened: listen EADDRNOTAVAIL 0.0.0.0:9464'],
  ] as const)('%s and %s', (setting, code, message) => {
    expect(listenFailure(setting, { port: 9464, host: '0.0.0.0' }, failure(code)).message).toBe(message);
  });
});
