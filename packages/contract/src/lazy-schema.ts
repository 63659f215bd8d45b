import type { z } from 'zod';

/**
 * A schema the contract's modules build on first use in a browser, and at once elsewhere.
 *
 * Building every zod schema of the contract when its chunk runs holds a signed-in first visit's main thread
 * before its first paint (bench/README.md, first-visits), and a page calls only a handful of the endpoints. In
 * a browser the value is therefore a stand-in that builds the schema when anything first touches it and from then on
 * answers as that schema does (`parse`, `_zod`, `instanceof`, nesting in other schemas). The server builds
 * every schema anyway when it registers its routes and parses through them on every request, so it gets the
 * schema itself and no indirection.
 */
export const builtOnFirstUse = <T extends object>(build: () => T): T => ('document' in globalThis ? standIn(build) : build());

/** The stand-in: every operation is forwarded to the schema, built the first time one happens. */
export const standIn = <T extends object>(build: () => T): T => {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target stays an empty, extensible object, so no proxy invariant ties what the traps report to it.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A property the target lacks may not be reported as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
};

const builtThrough = new WeakSet<object>();

/** Runs `work` in a task of its own. */
type Schedule = (work: () => void) => void;

/** A task's share of building: at Lighthouse's 4× CPU throttle still well under the 50 ms of a long task. */
const BUILD_SLICE_MS = 4;

/**
 * Builds `schema` and every schema inside it, where `builtOnFirstUse` would build each when first touched: a
 * browser can spend the time while the answer the schema parses is still on its way. A few schemas per task, each
 * task ending once it has built for `sliceMs`: built in one task, an account's answer (a page's first build also
 * compiles zod's own code) would be a long task after the page's first paint. An answer that arrives before its
 * schema is built is parsed all the same: parsing builds what it touches.
 *
 * What this relies on in zod (a schema works through a `Proxy`, and holds the schemas inside it in `_zod.def`) is
 * what `lazy-schema.test.ts` asserts: it fails when a zod release changes either.
 */
export const buildSoon = (
  schema: z.ZodType,
  schedule: Schedule = (work) => setTimeout(work, 0),
  sliceMs = BUILD_SLICE_MS,
): void => {
  const pending: unknown[] = [schema];
  const work = (): void => {
    const started = performance.now();
    while (pending.length > 0) {
      pending.push(...partsOf(pending.pop()));
      if (pending.length > 0 && performance.now() - started >= sliceMs) return schedule(work);
    }
  };
  schedule(work);
};

/** What is inside `part` that may hold schemas; touching a stand-in's `_zod` builds it. */
const partsOf = (part: unknown): unknown[] => {
  if (typeof part !== 'object' || part === null) return [];
  if ('_zod' in part) {
    if (builtThrough.has(part)) return [];
    builtThrough.add(part);
    return Object.values((part as z.ZodType)._zod.def);
  }
  return Array.isArray(part) || Object.getPrototypeOf(part) === Object.prototype ? Object.values(part) : [];
};
