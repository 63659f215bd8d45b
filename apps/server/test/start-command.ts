import { readFileSync } from 'node:fs';

/** `npm start` of apps/server in words: `MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=4 … dist/server.js`. */
export const startWords = (): string[] =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start!.split(' ');

/** The node flags before the entry in a command line, e.g. `node --max-semi-space-size=4 dist/server.js`. */
export const nodeFlags = (command: readonly string[]): string[] =>
  command.slice(command.indexOf('node') + 1, command.findIndex((part) => part.endsWith('dist/server.js')));

/** The environment a command line sets before `node`. */
export const startEnvironment = (command: readonly string[]): Record<string, string> =>
  Object.fromEntries(command.slice(0, command.indexOf('node')).map((word) => word.split('=') as [string, string]));
