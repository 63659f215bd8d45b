import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { PortalDb } from './client';
import { createReplicaSet, parseLsn, type ReplicaSet } from './replicas';

describe('parseLsn', () => {
  it.each([
    ['0/0', 0n],
    ['0/3000000', 0x3000000n],
    ['16/B374D848', 0x16b374d848n],
    ['FFFFFFFF/FFFFFFFF', 0xffffffffffffffffn],
  ])('reads %s', (text, lsn) => expect(parseLsn(text)).toBe(lsn));

  it.each(['', '0', '0/', '/0', '1/2/3', 'G/0', '123456789/0'])('refuses %j', (text) => expect(() => parseLsn(text)).toThrow(/Not an LSN/));
});

/** A pool that answers the monitor's one query with what the test sets (or fails when it is down). */
const fakePool = (answer: () => Record<string, unknown>) =>
  ({
    query: async () => ({ rows: [answer()] }),
    end: async () => undefined,
  }) as unknown as pg.Pool;

const lsn = (n: number) => `0/${n.toString(16).toUpperCase()}`;

describe('the replica monitor', () => {
  let set: ReplicaSet | null = null;
  afterEach(async () => {
    await set?.close();
    set = null;
  });

  const build = ({ primaryAt = 100 } = {}) => {
    let now = 1_000_000;
    let primaryLsn = primaryAt;
    const replicas = [
      { replay: 100, recovering: true, down: false },
      { replay: 100, recovering: true, down: false },
    ];
    set = createReplicaSet({
      primary: fakePool(() => ({ lsn: lsn(primaryLsn) })),
      replicas: replicas.map((state) => ({
        pool: fakePool(() => {
          if (state.down) throw new Error('connect ECONNREFUSED');
          return { recovering: state.recovering, lsn: lsn(state.replay) };
        }),
        exportPool: fakePool(() => ({})),
        db: {} as PortalDb,
      })),
      maxLagSeconds: 5,
      // The test runs each round itself.
      checkMs: 3_600_000,
      now: () => now,
    });
    const round = async (seconds: number) => {
      now += seconds * 1000;
      await set!.check();
    };
    return {
      set: set!,
      replicas,
      round,
      write: (bytes: number) => void (primaryLsn += bytes),
      advance: (seconds: number) => void (now += seconds * 1000),
    };
  };

  it('counts a caught-up replica of an idle primary as 0 s behind, however old its last commit', async () => {
    const { set, round } = build();
    for (let i = 0; i < 30; i += 1) await round(1);
    expect(set.replicas.map((r) => [r.lagSeconds, r.usable])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it('ages a replica by the newest primary position it has replayed, and skips it past the limit', async () => {
    const { set, replicas, round, write } = build();
    await round(1);
    write(50); // the primary at 150
    await round(1);
    replicas[0]!.replay = 150;
    for (let i = 0; i < 3; i += 1) {
      write(10);
      await round(1);
    }
    // replica1 holds what the primary held 3 s ago; replica2 what it held 4 s ago.
    expect(set.replicas.map((r) => r.lagSeconds)).toEqual([3, 4]);
    expect(set.replicas.map((r) => r.usable)).toEqual([true, true]);
    write(10);
    await round(2);
    expect(set.replicas.map((r) => [r.lagSeconds, r.usable])).toEqual([
      [5, true],
      [6, false],
    ]);
    expect(set.pick(null)).toEqual({ replica: set.replicas[0] });
  });

  it('sends a caller only to a replica that replayed past their last write', async () => {
    const { set, replicas, round, write } = build();
    await round(1);
    write(30); // a write ending at 130
    replicas[1]!.replay = 130;
    await round(1);
    expect(set.replicas.map((r) => [r.lagSeconds, r.usable])).toEqual([
      [1, true],
      [0, true],
    ]);
    expect(set.pick(130n)).toEqual({ replica: set.replicas[1] });
    expect(set.pick(131n)).toEqual({ fallback: 'behind_own_write' });
    // Those that replayed past it take turns.
    const picked = new Set([set.pick(100n), set.pick(100n)].map((p) => ('replica' in p ? p.replica.name : p.fallback)));
    expect(picked).toEqual(new Set(['replica1', 'replica2']));
  });

  it('does not trust a replica behind everything the monitor has seen of the primary', async () => {
    // The monitor starts while the primary is at 130.
    const { set, replicas, round } = build({ primaryAt: 130 });
    replicas[1]!.replay = 130;
    await round(1);
    // replica1 may be seconds or hours behind: until it passes a position seen, it is not used.
    expect(set.replicas.map((r) => r.usable)).toEqual([false, true]);
    replicas[0]!.replay = 130;
    await round(1);
    expect(set.replicas.map((r) => r.usable)).toEqual([true, true]);
  });

  it('skips a replica that is down, promoted, marked down by a failed read, or silent past the limit', async () => {
    const { set, replicas, round, advance } = build();
    await round(1);
    expect(set.anyUsable()).toBe(true);
    replicas[0]!.down = true;
    replicas[1]!.recovering = false;
    await round(1);
    expect(set.replicas.map((r) => [r.lagSeconds, r.usable])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(set.pick(null)).toEqual({ fallback: 'unusable' });

    replicas[0]!.down = false;
    replicas[1]!.recovering = true;
    await round(1);
    set.markDown(set.replicas[0]!);
    expect(set.pick(null)).toEqual({ replica: set.replicas[1] });
    await round(1);
    expect(set.replicas[0]!.usable).toBe(true);
    // A monitor round that hangs (a replica host gone silent) leaves the last answer: trusted no longer than the limit.
    advance(5);
    expect(set.anyUsable()).toBe(true);
    advance(1);
    expect(set.anyUsable()).toBe(false);
  });
});
