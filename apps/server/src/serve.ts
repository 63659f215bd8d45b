import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { databaseOptions, generatedSecretsKeyFile, loadConfig } from './config';
import { openDatabase } from './db/client';
import { conversionPending } from './db/cdrs-conversion';
import { describePrepared, prepareDatabase } from './db/startup';
import { DEMO_PASSWORD, DEMO_USERNAMES } from './db/seed/demo-users';
import { listenFailure } from './lib/listen-errors';
import { lowerPriority } from './lib/niceness';
import { lockDataDir } from './lib/data-dir-lock';
import { demoSignInLine } from './modules/demo-sign-in';
import { SealedWithAnotherKeyError } from './lib/secret-box';
import { secretsKeySource, wrongSecretsKeyMessage } from './lib/secrets-key-source';

/**
 * The server process (entered through `server.ts`, after tracing is set up): config, database
 * (migrated, demo data on first start), listen, graceful close. `flush` runs before exit (traces).
 */
export const serve = async ({ flush = async () => undefined }: { flush?: () => Promise<void> } = {}) => {
  const config = loadConfig();
  if (config.NICE > 0) lowerPriority(config.NICE);
  if (!config.DATABASE_URL) lockDataDir(config.DATA_DIR);
  // The app's modules load while the database opens: the embedded one compiles its WebAssembly off the
  // main thread, which start-up otherwise waited for (bench/README.md, start-up).
  const [database, { buildApp }] = await Promise.all([
    openDatabase({
      ...databaseOptions(config),
      dataDir: path.join(config.DATA_DIR, 'db'),
      onIdleError: (error) => process.stderr.write(`Database connection lost while idle: ${error.message}\n`),
    }),
    import('./app'),
  ]);
  const done = describePrepared(await prepareDatabase(database, { migrate: config.MIGRATE_ON_START }));
  // Building the app opens the signing keys: the first sealed secret a start-up reads.
  const app = await buildApp({ config, database }).catch((error: unknown) => {
    if (!(error instanceof SealedWithAnotherKeyError)) throw error;
    throw new Error(wrongSecretsKeyMessage(secretsKeySource(process.env, config, generatedSecretsKeyFile(config.DATA_DIR))));
  });
  // An installation's call records are served from the old table until they are converted (docs/decisions/0032-partitioned-call-records.md).
  if (await conversionPending(database.db)) app.log.warn('call records are not partitioned yet: run `npm run migrate-usage`');

  /**
   * Zero-downtime stop: readiness fails at once while requests are still served for the drain
   * period (load balancers take the instance out), then the listener closes, in-flight requests
   * and job steps finish, the pools close. A second signal, or the time limit, ends it at once.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.readiness.draining = true;
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error({ limitSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    // Ctrl-C at a terminal stops at once; SIGTERM (orchestrators, rolling restarts) drains first.
    if (signal === 'SIGTERM') await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
    app.log.info('shutting down: closing the listener, finishing in-flight requests and jobs');
    await app.close();
    await database.close();
    await flush().catch(() => undefined);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST }).catch((error: unknown) => {
    // The public listener's own failure (the metrics listener's names its setting already).
    throw (error as { syscall?: string }).syscall === 'listen' ? listenFailure('PORT', { port: config.PORT, host: config.HOST }, error) : error;
  });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.DATA_DIR, 'db')}`;
  const metrics = app.metricsAddress();
  const pendingLine = await demoSignInLine(database.db, app.demoSignInUrl);
  process.stdout.write(
    [
      '',
      `Billing portal running at ${url}`,
      `Database: ${where}${done.length > 0 ? ` (${done.join(', ')})` : ''}`,
      // Which host each metrics label names (the URLs, with their passwords, are never printed).
      ...config.DATABASE_REPLICA_URLS.map((replicaUrl, i) => `Reads may go to replica${i + 1}: ${new URL(replicaUrl).host}`),
      ...(metrics ? [`Metrics at http://${metrics.address}:${metrics.port}/metrics`] : []),
      `Demo users (password ${DEMO_PASSWORD}): ${Object.values(DEMO_USERNAMES).filter((u) => u !== DEMO_USERNAMES.pending).join(', ')}; ${pendingLine}`,
      '',
    ].join('\n'),
  );
};
