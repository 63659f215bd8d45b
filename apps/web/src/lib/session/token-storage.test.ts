import type { KeyValueStore } from '../storage';
import { clearToken, readToken, saveToken, type TokenStores } from './token-storage';

const memory = (initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } => {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
};

const stores = (persistent: Record<string, string> = {}, tab: Record<string, string> = {}) => {
  const s = { persistent: memory(persistent), tab: memory(tab) };
  return s as TokenStores & { persistent: { data: Record<string, string> }; tab: { data: Record<string, string> } };
};

describe('saveToken', () => {
  it('Remember me: persistent storage, and the tab copy is removed', () => {
    const s = stores({}, { token: 'old' });
    saveToken(s, 'new', true);
    expect(s.persistent.data).toEqual({ token: 'new' });
    expect(s.tab.data).toEqual({});
  });

  it('without Remember me: tab storage, and the persistent copy is removed', () => {
    const s = stores({ token: 'old', theme: 'dark' });
    saveToken(s, 'new', false);
    expect(s.tab.data).toEqual({ token: 'new' });
    expect(s.persistent.data).toEqual({ theme: 'dark' });
  });
});

describe('readToken', () => {
  const valid = (t: string) => t.startsWith('valid');
  it.each([
    ['nothing stored', {}, {}, null],
    ['only persistent', { token: 'valid-p' }, {}, 'valid-p'],
    ['only tab', {}, { token: 'valid-t' }, 'valid-t'],
    ['both: the tab one wins', { token: 'valid-p' }, { token: 'valid-t' }, 'valid-t'],
    ['invalid tab token falls back to persistent', { token: 'valid-p' }, { token: 'expired' }, 'valid-p'],
    ['both invalid', { token: 'bad' }, { token: 'expired' }, null],
  ])('%s', (_name, persistent, tab, expected) => {
    expect(readToken(stores(persistent, tab), valid)).toBe(expected);
  });
});

it('clearToken removes both copies and nothing else', () => {
  const s = stores({ token: 'a', theme: 'dark' }, { token: 'b' });
  clearToken(s);
  expect(s.persistent.data).toEqual({ theme: 'dark' });
  expect(s.tab.data).toEqual({});
});
