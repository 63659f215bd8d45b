import { endpoints } from '@portal/contract';
import { json, mockFetch } from '@/test/utils';
import { openIdProviders } from './sso-providers';

describe('openIdProviders (without the API client)', () => {
  it('asks the path of the endpoint table', async () => {
    const { calls } = mockFetch(() => json({ providers: [] }));
    await openIdProviders();
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([['GET', endpoints.openIdProviders.path]]);
  });

  it.each([
    [
      'the listed providers',
      json({ providers: [{ id: 'microsoft', name: 'Microsoft' }] }),
      [{ id: 'microsoft', name: 'Microsoft' }],
    ],
    ['no providers', json({ providers: [] }), []],
    [
      'only well-formed providers',
      json({ providers: [{ id: 'microsoft' }, 'microsoft', null, { id: 'x', name: 'X' }] }),
      [{ id: 'x', name: 'X' }],
    ],
    ['none for an answer without a list', json({ providers: 'microsoft' }), []],
    ['none for a JSON null', json(null), []],
    ['none for a failure', json({ error: 'down' }, 503), []],
  ])('answers %s', async (_, response, providers) => {
    mockFetch(() => response);
    await expect(openIdProviders()).resolves.toEqual({ providers });
  });
});
