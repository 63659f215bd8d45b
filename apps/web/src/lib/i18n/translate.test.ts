import { i18n, translate } from './translate';

// Namespaces of their own, so the app's catalogs (registered by other modules) do not matter here.
i18n.addResourceBundle('en', 'tt', {
  hello: 'Hello {{name}}',
  nested: { deeper: { text: 'Deep' } },
  actions: { 'payment.created': 'Payment made' },
  item_one: '{{count}} item',
  item_other: '{{count}} items',
  onlyEnglish: 'Only in English',
});
i18n.addResourceBundle('fr', 'tt', {
  hello: 'Bonjour {{name}}',
  item_one: '{{count}} article',
  item_other: '{{count}} articles',
});
i18n.addResourceBundle('en', 'other', { word: 'Other namespace' });

describe('translate', () => {
  it.each([
    ['en', 'hello', { name: 'Casey' }, 'Hello Casey'],
    ['fr', 'hello', { name: 'Casey' }, 'Bonjour Casey'],
    ['en', 'nested.deeper.text', {}, 'Deep'],
    ['en', 'actions.payment.created', {}, 'Payment made'],
    ['en', 'other:word', {}, 'Other namespace'],
    ['en', 'item', { count: 1 }, '1 item'],
    ['en', 'item', { count: 0 }, '0 items'],
    ['en', 'item', { count: 2 }, '2 items'],
    // French counts 0 and 1 as singular.
    ['fr', 'item', { count: 0 }, '0 article'],
    ['fr', 'item', { count: 1 }, '1 article'],
    ['fr', 'item', { count: 1_000_000 }, '1000000 articles'],
    ['fr', 'onlyEnglish', {}, 'Only in English'],
    ['en', 'hello', {}, 'Hello {{name}}'],
    ['en', 'missing.key', {}, 'missing.key'],
    // A server text passed through t: not a namespace, not a path.
    ['en', 'Success:A reset code has been sent.', {}, 'Success:A reset code has been sent.'],
  ])('%s %s %o → %s', (lng, key, options, text) => expect(translate(lng, 'tt', key, options)).toBe(text));

  it('tells listeners when the language changes, once per change', async () => {
    const listener = vi.fn();
    const stop = i18n.onLanguageChanged(listener);
    await i18n.changeLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(i18n.language).toBe('fr');
    stop();
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges a catalog added again into the one there', () => {
    i18n.addResourceBundle('en', 'merge', { a: 'A', group: { b: 'B' } });
    i18n.addResourceBundle('en', 'merge', { group: { c: 'C' } });
    expect(['a', 'group.b', 'group.c'].map((key) => translate('en', 'merge', key))).toEqual(['A', 'B', 'C']);
  });
});
