/**
 * What a listener that cannot open its port says at start-up: the setting that chose the port and
 * what to do, instead of Node's bare `listen EADDRINUSE 0.0.0.0:9464`.
 */
export const listenFailure = (setting: 'PORT' | 'METRICS_PORT', where: { port: number; host: string }, error: unknown): Error => {
  const code = (error as { code?: unknown } | null)?.code;
  const turnOff = setting === 'METRICS_PORT' ? ', or 0 to turn the metrics listener off' : '';
  if (code === 'EADDRINUSE') {
    return new Error(
      `${setting} ${where.port} is already in use on ${where.host} (another portal or program listens there): set ${setting} to a free port${turnOff}`,
    );
  }
  if (code === 'EACCES')
    return new Error(
      `${setting} ${where.port} on ${where.host} may not be opened by this user: set ${setting} to a port above 1023${turnOff}`,
    );
  return new Error(
    `${setting} ${where.port} on ${where.host} could not be opened: ${error instanceof Error ? error.message : String(error)}`,
  );
};
