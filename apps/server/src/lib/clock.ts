/** Time source; tests move it to make expiry, due dates and schedules deterministic. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
