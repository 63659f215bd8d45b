/**
 * A PostgreSQL primary and a streaming replica of it (`pg_basebackup -R`) of the test's own, in a temp
 * directory on free ports of this machine: never the shared server, whose databases other tests and
 * benchmarks use. Run as the `postgres` user when the tests run as root (the server refuses root).
 */
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm, appendFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface StreamingReplica {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs SQL on the primary's `postgres` database (creating the test's database, say). */
  onPrimary(statement: string): Promise<void>;
  /** Runs SQL on the replica (pausing and resuming its replay). */
  onReplica(statement: string): Promise<string>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes their files. */
  destroy(): Promise<void>;
}

const binDir = async (): Promise<string> => {
  const versions = (await readdir('/usr/lib/postgresql')).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// Fast and small: nothing here must survive a crash, and two cores are shared.
const settings = (port: number, socketDir: string) =>
  [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${socketDir}'`,
    'shared_buffers = 8MB',
    'max_connections = 40',
    'fsync = off',
    'synchronous_commit = on',
    'full_page_writes = off',
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    'autovacuum = off',
  ].join('\n');

export const startStreamingReplica = async (): Promise<StreamingReplica> => {
  const bin = await binDir();
  const asRoot = process.getuid?.() === 0;
  const postgresUid = asRoot ? Number((await run('id', ['-u', 'postgres'])).stdout.trim()) : null;
  const postgresGid = asRoot ? Number((await run('id', ['-g', 'postgres'])).stdout.trim()) : null;
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  const dir = await mkdtemp(path.join(tmpdir(), 'portal-replica-'));
  if (postgresUid !== null && postgresGid !== null) await chown(dir, postgresUid, postgresGid);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const pgCtl = (data: string, ...args: string[]) => exec('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', ...args]);
  const started: string[] = [];

  const destroy = async () => {
    for (const data of started.reverse()) await pgCtl(data, '-m', 'immediate', 'stop').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await exec('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
    await appendFile(primaryDir + '/postgresql.conf', `\n${settings(primaryPort, dir)}\n`);
    await pgCtl(primaryDir, 'start');
    started.push(primaryDir);
    await exec('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    await appendFile(replicaDir + '/postgresql.conf', `\nport = ${replicaPort}\n`);
    await pgCtl(replicaDir, 'start');
    started.push(replicaDir);
  } catch (error) {
    await destroy();
    throw error;
  }

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const psql = async (port: number, statement: string) =>
    (await exec('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atqc', statement])).stdout.trim();
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onPrimary: async (statement) => void (await psql(primaryPort, statement)),
    onReplica: (statement) => psql(replicaPort, statement),
    stopReplica: async () => void (await pgCtl(replicaDir, '-m', 'fast', 'stop')),
    startReplica: async () => void (await pgCtl(replicaDir, 'start')),
    destroy,
  };
};
