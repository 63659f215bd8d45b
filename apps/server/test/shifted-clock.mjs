/**
 * Preloaded into a server process (`node --import`) to run it on a clock TEST_CLOCK_SHIFT_MS ahead of the
 * machine's, as an instance whose clock differs from another's: only `Date` moves; timers keep real time.
 */
const shift = Number(process.env.TEST_CLOCK_SHIFT_MS ?? '0');
const RealDate = globalThis.Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }

  static now() {
    return RealDate.now() + shift;
  }
}

globalThis.Date = ShiftedDate;
