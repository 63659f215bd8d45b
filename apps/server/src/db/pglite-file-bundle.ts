import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite unpacks its file bundle (6.2 MB: time zones, encodings, text search and ICU data, initdb's files) into its
 * in-memory file system as views of one buffer, which every file keeps for the life of the process although
 * PostgreSQL opens few of them once it runs. Handing PGlite the bundle ourselves lets us find those files after
 * start-up and give each one a read of its own bytes from the bundle on disk, the first time it is opened again;
 * then the buffer can go (idle RSS about 6 MB less: bench/README.md, startup).
 */
export interface FileBundle {
  /** What PGlite's `fsBundle` option asks for. */
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The bundle on disk. */
  path: string;
  /**
   * The buffers PGlite was handed: one per instance it made, as a first start also makes a passing one to run
   * initdb with the same options.
   */
  buffers: Set<ArrayBuffer>;
}

export const readFileBundle = (path = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data')): FileBundle => {
  const bundle: FileBundle = {
    path,
    buffers: new Set(),
    async arrayBuffer() {
      const file = await open(path);
      try {
        const bytes = new Uint8Array((await file.stat()).size);
        await file.read(bytes, 0, bytes.byteLength, 0);
        bundle.buffers.add(bytes.buffer);
        return bytes.buffer;
      } finally {
        await file.close();
      }
    },
  };
  return bundle;
};

/** The parts of an Emscripten in-memory file system node used here. */
interface FsNode {
  mode: number;
  contents?: unknown;
}
interface EmscriptenFs {
  root: FsNode;
  isFile(mode: number): boolean;
  isDir(mode: number): boolean;
}
/** PGlite's Emscripten module is not part of its typed interface. */
const fileSystemOf = (pglite: PGlite): EmscriptenFs => (pglite as unknown as { mod: { FS: EmscriptenFs } }).mod.FS;

const readRange = (path: string, start: number, length: number): Uint8Array => {
  const bytes = new Uint8Array(length);
  const fd = openSync(path, 'r');
  try {
    for (let done = 0; done < length; ) {
      const read = readSync(fd, bytes, done, length - done, start + done);
      if (read === 0) throw new Error(`${path} ends before byte ${start + length}`);
      done += read;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
};

const filesOf = function* (fs: EmscriptenFs, directory: FsNode): Generator<FsNode> {
  // A directory of the in-memory file system holds its entries by name; one mounted from the host holds none.
  const entries = directory.contents;
  if (!entries || typeof entries !== 'object' || ArrayBuffer.isView(entries)) return;
  for (const node of Object.values(entries as Record<string, FsNode>)) {
    if (fs.isDir(node.mode)) yield* filesOf(fs, node);
    else if (fs.isFile(node.mode)) yield node;
  }
};

/**
 * Points every file still backed by a buffer of the bundle at its own bytes on disk, read when first opened, and lets
 * the buffer go. Returns how many files it changed (0 when PGlite stopped keeping files as views of the bundle).
 */
export const releaseFileBundle = (pglite: PGlite, bundle: FileBundle): number => {
  const fs = fileSystemOf(pglite);
  const { path } = bundle;
  const released = new Set<ArrayBufferLike>();
  let files = 0;
  for (const node of filesOf(fs, fs.root)) {
    const view = node.contents;
    if (!(view instanceof Uint8Array) || !bundle.buffers.has(view.buffer as ArrayBuffer)) continue;
    const { byteOffset, byteLength } = view;
    let contents: unknown;
    Object.defineProperty(node, 'contents', {
      configurable: true,
      enumerable: true,
      get: () => (contents ??= readRange(path, byteOffset, byteLength)),
      set: (value) => {
        contents = value;
      },
    });
    released.add(view.buffer);
    files += 1;
  }
  bundle.buffers.clear();
  // Detached, a buffer's memory goes with the next collection although PGlite's start-up still points at it.
  for (const buffer of released) structuredClone(buffer, { transfer: [buffer as ArrayBuffer] });
  return files;
};
