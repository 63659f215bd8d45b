import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../../lib/mailer';

/** Mail sent after the reply, so a caller cannot tell from the answer's timing whether it went out. */
export interface BackgroundMail {
  /** Starts sending; failures are logged, never thrown at the caller. */
  dispatch(message: MailMessage, purpose: string): void;
  /** Waits for every message under way (graceful shutdown, tests). */
  drain(): Promise<void>;
}

export const createBackgroundMail = (mailer: Mailer, log: FastifyBaseLogger): BackgroundMail => {
  const underway = new Set<Promise<void>>();
  return {
    dispatch(message, purpose) {
      const sending: Promise<void> = mailer
        .send(message)
        .then(() => undefined)
        .catch((error: unknown) => {
          // The message text holds a secret link: log what failed, never the message.
          log.error({ purpose, error: error instanceof Error ? error.message : String(error) }, 'sending an email failed');
        })
        .finally(() => underway.delete(sending));
      underway.add(sending);
    },
    async drain() {
      await Promise.allSettled([...underway]);
    },
  };
};
