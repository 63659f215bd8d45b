import { currencyLocale, formatDate, HOME_CURRENCY } from './format';
import { formatterWarmUps } from './formatter-warm-ups';

describe('formatterWarmUps', () => {
  // What each step formats shows it loaded the data a page in that language formats with first.
  it.each([
    ['en', '$0.00', /^[A-Z][a-z]+ \d{1,2}, \d{4}$/],
    [
      'fr',
      '0,00\u00a0$',
      /^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
    ],
  ] as const)('%s: the home currency, a date with its month name and region names, in the language', (language, amount, date) => {
    const [currency, longDate, region] = formatterWarmUps(language).map((step) => step());
    expect(currency).toBe(amount);
    expect(longDate).toMatch(date);
    expect(region).toBe('Canada');
  });
});

describe('formatterWarmUps and lib/format.ts', () => {
  it.each(['en', 'fr'] as const)('%s: the date is made in the locale the pages format dates in', (language) => {
    const locales: unknown[] = [];
    const counting = new Proxy(Intl.DateTimeFormat, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        locales.push(args[0]);
        return Reflect.construct(target, args);
      },
    });
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: counting }));
    try {
      formatterWarmUps(language)[1]!();
      formatDate('2025-01-05', 'long', language);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(locales).toHaveLength(2);
    expect(locales[0]).toBe(locales[1]);
  });

  it.each(['en', 'fr'] as const)('%s: the amount is made in the locale of the home currency', (language) => {
    const made = formatterWarmUps(language)[0]!() as string;
    expect(made).toBe(
      new Intl.NumberFormat(currencyLocale(HOME_CURRENCY, { language }), { style: 'currency', currency: HOME_CURRENCY }).format(
        0,
      ),
    );
  });
});
