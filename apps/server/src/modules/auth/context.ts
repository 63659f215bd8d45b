import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { PortalDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SigningKeyStore } from './keys';
import type { MailOutbox } from '../../lib/mail-outbox';
import type { SecretBox } from '../../lib/secret-box';

/** What the auth services work with; built once by the module, passed to every route. */
export interface AuthDeps {
  db: PortalDb;
  clock: Clock;
  config: Config;
  keyStore: SigningKeyStore;
  limiter: RateLimiter;
  /** Seals authenticator secrets at rest. */
  totpSecrets: SecretBox;
  /** Durable mail: rows written with the change, sent by the delivery job. */
  outbox: MailOutbox;
  log: FastifyBaseLogger;
}
