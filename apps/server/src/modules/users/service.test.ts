import { describe, expect, it } from 'vitest';
import { missingAccountIds } from './service';

describe('missingAccountIds', () => {
  it.each([
    { requested: [], existing: [], missing: [] },
    { requested: [1n, 2n], existing: [2n, 1n], missing: [] },
    { requested: [1n, 2n, 3n], existing: [2n], missing: [1n, 3n] },
  ])('$requested vs $existing', ({ requested, existing, missing }) => {
    expect(missingAccountIds(requested, existing)).toEqual(missing);
  });
});
