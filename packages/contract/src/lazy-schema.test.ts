import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildSoon, builtOnFirstUse, standIn } from './lazy-schema';

const counted = <T extends object>(build: () => T) => {
  const spy = vi.fn(build);
  return { schema: standIn(spy), builds: () => spy.mock.calls.length };
};

describe('standIn', () => {
  it('builds nothing until first used, then once', () => {
    const { schema, builds } = counted(() => z.object({ name: z.string() }));
    expect(builds()).toBe(0);
    expect(schema.parse({ name: 'Ada', extra: 1 })).toEqual({ name: 'Ada' });
    expect(schema.safeParse({ name: 3 }).success).toBe(false);
    expect(builds()).toBe(1);
  });

  it('answers as the schema it stands for: kind, instanceof, members, own keys', () => {
    const schema = standIn(() => z.object({ name: z.string(), age: z.number().optional() }));
    expect(schema instanceof z.ZodObject).toBe(true);
    expect(schema instanceof z.ZodString).toBe(false);
    expect('_zod' in schema).toBe(true);
    expect(schema._zod.def.type).toBe('object');
    expect(Object.keys(schema.shape)).toEqual(['name', 'age']);
    expect(Reflect.ownKeys(schema)).toContain('_zod');
    expect(Object.getOwnPropertyDescriptor(schema, '_zod')?.configurable).toBe(true);
  });

  it('nests in other schemas, and they in it, with methods that make new schemas', () => {
    const Id = standIn(() =>
      z.codec(z.union([z.int(), z.string().regex(/^\d+$/)]), z.bigint(), { decode: BigInt, encode: (n) => Number(n) }),
    );
    const Row = standIn(() => z.object({ id: Id, note: z.string().optional() }));
    const Page = z.object({ value: z.array(Row), next: Id.optional() });
    expect(Page.parse({ value: [{ id: '9007199254740993' }], next: 2 })).toEqual({
      value: [{ id: 9007199254740993n }],
      next: 2n,
    });
    expect(z.encode(Page, { value: [{ id: 5n }] })).toEqual({ value: [{ id: 5 }] });
    const Named = Row.extend({ name: z.string() }).partial({ note: true });
    expect(Named.parse({ id: 1, name: 'x' })).toEqual({ id: 1n, name: 'x' });
    expect(Page.safeParse({ value: [{ id: 'x' }] }).error?.issues[0]?.path).toEqual(['value', 0, 'id']);
  });

  it('gives the same JSON Schema as the schema itself', () => {
    const build = () => z.object({ when: z.iso.date(), kind: z.enum(['a', 'b']) });
    expect(z.toJSONSchema(z.object({ x: standIn(build) }))).toEqual(z.toJSONSchema(z.object({ x: build() })));
  });

  it('passes a failed build to whoever used it, every time', () => {
    const schema = standIn((): z.ZodString => {
      throw new Error('bad schema');
    });
    expect(() => schema.parse('a')).toThrow('bad schema');
    expect(() => schema.parse('a')).toThrow('bad schema');
  });
});

describe('builtOnFirstUse', () => {
  it('builds at once outside a browser (the server, these tests)', () => {
    const build = vi.fn(() => z.string());
    const schema = builtOnFirstUse(build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(schema.parse('a')).toBe('a');
  });
});

describe('buildSoon', () => {
  /** Tasks scheduled by buildSoon, run when the test says. */
  const tasks = () => {
    const queue: (() => void)[] = [];
    return { schedule: (work: () => void) => queue.push(work), run: () => queue.splice(0).forEach((work) => work()), queue };
  };

  it('builds a stand-in and every stand-in inside it, through objects, arrays, unions and wrappers, once', () => {
    const leaf = counted(() => z.string());
    const item = counted(() => z.object({ name: leaf.schema }));
    const other = counted(() => z.number());
    const unused = counted(() => z.boolean());
    const answer = counted(() => z.object({ value: z.array(item.schema), either: z.union([other.schema, z.null()]).optional() }));
    const later = tasks();
    // Until no task is left: on a loaded machine a task can outlast its slice and hand the rest on.
    const runAll = () => {
      while (later.queue.length > 0) later.run();
    };
    buildSoon(answer.schema, later.schedule);
    expect(answer.builds()).toBe(0);
    runAll();
    expect([answer.builds(), item.builds(), leaf.builds(), other.builds(), unused.builds()]).toEqual([1, 1, 1, 1, 0]);
    buildSoon(answer.schema, later.schedule);
    runAll();
    expect(answer.schema.parse({ value: [{ name: 'a' }], either: 2 })).toEqual({ value: [{ name: 'a' }], either: 2 });
    expect([answer.builds(), item.builds(), leaf.builds(), other.builds()]).toEqual([1, 1, 1, 1]);
  });

  it('hands the rest to a task of its own once a task has built for its slice', () => {
    const leaves = Array.from({ length: 3 }, () => counted(() => z.string()));
    const answer = counted(() => z.object(Object.fromEntries(leaves.map((leaf, i) => [`f${i}`, leaf.schema]))));
    const later = tasks();
    // A slice of 0 ms: each task builds one schema, or walks into one, and hands the rest on.
    buildSoon(answer.schema, later.schedule, 0);
    let ran = 0;
    while (later.queue.length > 0) {
      later.run();
      ran += 1;
    }
    expect(ran).toBeGreaterThan(leaves.length);
    expect([answer.builds(), ...leaves.map((leaf) => leaf.builds())]).toEqual([1, 1, 1, 1]);
  });

  it('lets an answer that comes first be parsed: parsing builds what it needs', () => {
    const item = counted(() => z.object({ name: z.string() }));
    const answer = counted(() => z.object({ items: z.array(item.schema) }));
    const later = tasks();
    buildSoon(answer.schema, later.schedule, 0);
    expect(answer.schema.parse({ items: [{ name: 'a' }] })).toEqual({ items: [{ name: 'a' }] });
    later.run();
    while (later.queue.length > 0) later.run();
    expect([answer.builds(), item.builds()]).toEqual([1, 1]);
  });
});

describe('the contract in a browser', () => {
  afterEach(() => {
    z.config({ postProcessor: undefined });
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('builds no schema when it is imported: each is built when a page first uses it', async () => {
    let made = 0;
    // zod hands every schema it makes to its post-processor (an internal hook: the next two lines check it still works).
    z.config({ postProcessor: () => (made += 1) });
    z.string();
    expect(made).toBe(1);
    made = 0;
    vi.stubGlobal('document', {});
    vi.resetModules();
    const contract = await import('./index');
    expect(made).toBe(0);
    expect(contract.endpoints.invoiceDetails.answer.schema.safeParse({}).success).toBe(false);
    expect(made).toBeGreaterThan(0);
  });
});
