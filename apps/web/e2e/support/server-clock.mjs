// Loaded into the e2e server process (NODE_OPTIONS=--import): its clock runs ahead of real time by the
// milliseconds written in E2E_CLOCK_FILE, so a journey can let time pass on the server (a sign-in growing
// older than the re-authentication window) without waiting. Durations (performance.now) are untouched.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let offset = 0;
let readAt = -Infinity;

/** The offset, read again at most every 100 ms of real time: Date is called far too often to read a file each time. */
const offsetMs = () => {
  const now = realNow();
  if (now - readAt >= 100) {
    readAt = now;
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }
  return offset;
};

if (file) {
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [realNow() + offsetMs()], newTarget),
    apply: () => new RealDate(realNow() + offsetMs()).toString(),
    get: (target, key, receiver) => (key === 'now' ? () => realNow() + offsetMs() : Reflect.get(target, key, receiver)),
  });
}
