import { formatterWarmUps, runInTasks } from './intl-warm-up';

describe('runInTasks', () => {
  it('runs one step per scheduled task, in order, and schedules nothing once they are done', () => {
    const ran: string[] = [];
    const queue: (() => void)[] = [];
    runInTasks(
      ['a', 'b', 'c'].map((name) => () => ran.push(name)),
      (run) => queue.push(run),
    );
    expect(ran).toEqual([]);
    const seen: string[][] = [];
    while (queue.length > 0) {
      queue.shift()?.();
      seen.push([...ran]);
    }
    expect(seen).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
  });

  it('schedules nothing for no steps', () => {
    const schedule = vi.fn();
    runInTasks([], schedule);
    expect(schedule).not.toHaveBeenCalled();
  });
});

describe('formatterWarmUps', () => {
  // What each step formats shows it made the formatter a page in that language uses first.
  it.each([
    ['en', '$0.00', 'Canada'],
    ['fr', '0,00\u00a0$', 'Canada'],
  ] as const)('%s: the home currency, both date styles and region names, in the language', (language, amount, country) => {
    const [currency, listDate, longDate, region] = formatterWarmUps(language).map((step) => step());
    expect(currency).toBe(amount);
    expect(listDate).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(longDate).toMatch(language === 'fr' ? /^\d{1,2} \S+ \d{4}$/ : /^\S+ \d{1,2}, \d{4}$/);
    expect(region).toBe(country);
  });

  it('formats dates in French month names for French', () => {
    const [, , longDate] = formatterWarmUps('fr').map((step) => step());
    expect(longDate).toMatch(/janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre/);
  });
});
