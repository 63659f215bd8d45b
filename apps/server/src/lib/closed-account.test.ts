import { describe, expect, it } from 'vitest';
import { refusesWrite } from './closed-account';

const CLOSED = new Date('2026-03-15T12:00:00Z');

describe('refusesWrite', () => {
  it.each([
    { refusal: 'everyone', isStaff: false, closedAt: null, refused: false },
    { refusal: 'everyone', isStaff: true, closedAt: null, refused: false },
    { refusal: 'everyone', isStaff: false, closedAt: CLOSED, refused: true },
    { refusal: 'everyone', isStaff: true, closedAt: CLOSED, refused: true },
    { refusal: 'customers', isStaff: false, closedAt: CLOSED, refused: true },
    // What Staff must still do on a closed account (docs/decisions/0016-closing-an-account.md).
    { refusal: 'customers', isStaff: true, closedAt: CLOSED, refused: false },
    { refusal: 'customers', isStaff: false, closedAt: null, refused: false },
  ] as const)('$refusal, staff $isStaff, closed $closedAt → refused $refused', ({ refusal, isStaff, closedAt, refused }) => {
    expect(refusesWrite(refusal, { isStaff }, closedAt)).toBe(refused);
  });
});
