import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { PortalDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SigningKeys } from './keys';
import type { BackgroundMail } from './background-mail';

/** What the auth services work with; built once by the module, passed to every route. */
export interface AuthDeps {
  db: PortalDb;
  clock: Clock;
  config: Config;
  keys: SigningKeys;
  limiter: RateLimiter;
  mail: BackgroundMail;
  log: FastifyBaseLogger;
}
