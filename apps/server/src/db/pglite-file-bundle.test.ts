import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileBundle, releaseFileBundle, type FileBundle } from './pglite-file-bundle';

/** What the test reads and writes through PGlite's in-memory file system. */
type Fs = {
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array): void;
};

const UTC_ZONE = '/pglite/share/postgresql/timezone/UTC';

describe('releasing PGlite’s file bundle after start-up', () => {
  let pglite: PGlite;
  let fs: Fs;
  let bundle: FileBundle;
  let buffers: ArrayBuffer[];
  let utcBefore: Uint8Array;
  let released: number;

  beforeAll(async () => {
    bundle = readFileBundle();
    pglite = await PGlite.create({ fsBundle: bundle as Pick<Blob, 'arrayBuffer'> as Blob });
    fs = (pglite as unknown as { mod: { FS: Fs } }).mod.FS;
    buffers = [...bundle.buffers];
    utcBefore = fs.readFile(UTC_ZONE).slice();
    released = releaseFileBundle(pglite, bundle);
  });
  afterAll(() => pglite?.close());

  it('moves every file of the bundle off its buffer and lets the buffer go', () => {
    // A fresh in-memory database is a first start: PGlite made a second, passing instance to run initdb.
    expect(buffers).toHaveLength(2);
    expect(released).toBe(699);
    expect(buffers.filter((buffer) => buffer.byteLength === 0)).toHaveLength(1);
    expect(bundle.buffers.size).toBe(0);
  });

  it('reads a file again with the same bytes, from the bundle on disk', () => {
    const after = fs.readFile(UTC_ZONE);
    expect(buffers).not.toContain(after.buffer);
    expect(Buffer.from(after).equals(Buffer.from(utcBefore))).toBe(true);
    expect(utcBefore.byteLength).toBeGreaterThan(0);
  });

  it('lets PostgreSQL open a time zone, a text search dictionary and its library after the release', async () => {
    await pglite.exec(`set time zone 'America/Toronto'`);
    const zoned = await pglite.query<{ at: string }>(`select '2026-07-01 12:00+00'::timestamptz::text as at`);
    expect(zoned.rows[0]!.at).toBe('2026-07-01 08:00:00-04');
    // The snowball stemmers are a library of the bundle, and their stop words files of it.
    const searched = await pglite.query<{ v: string }>(`select to_tsvector('english', 'the cats were sleeping')::text as v`);
    expect(searched.rows[0]!.v).toBe(`'cat':2 'sleep':4`);
  });

  it('keeps what is written over a released file', () => {
    const path = '/pglite/share/postgresql/timezone/Etc/UTC';
    fs.writeFile(path, new Uint8Array([1, 2, 3]));
    expect([...fs.readFile(path)]).toEqual([1, 2, 3]);
  });

  it('changes nothing when PGlite was not handed the bundle', () => {
    expect(releaseFileBundle(pglite, readFileBundle())).toBe(0);
  });
});
