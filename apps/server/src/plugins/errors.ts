import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { isFilterError } from '../filter';
import { isPoolExhausted } from '../db/client';

const SERVER_ERROR = 'An unexpected server error occurred.';
const BUSY = 'The service is busy. Please try again in a moment.';
const BUSY_RETRY_AFTER_SECONDS = 2;

/** What the caller sees for Fastify's own client errors (bad JSON, oversize body, …). */
const clientErrorMessage = (error: FastifyError): string => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
};

/** Errors the router raises before any route or hook runs: the status and the text to answer. */
const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed percent-encoding.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long.' },
};

/**
 * Fastify's `frameworkErrors`: router errors leave like every other error (`{ error }`, every
 * security header, a log line) instead of Fastify's default body that echoes the path.
 */
export const frameworkErrorHandler =
  (applySecurityHeaders: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
  async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const known = ROUTER_ERRORS[error.code];
    const { status, message } = known ?? { status: 500, message: SERVER_ERROR };
    if (known) request.log.info({ code: error.code }, 'request refused by the router');
    else request.log.error({ err: error }, 'router failed');
    await applySecurityHeaders(request.raw, reply.raw);
    await reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ error: message }));
  };

/** Every error leaves as `{ error }` with the right status; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = `${error.validationContext ?? 'request'}${v.instancePath.replace(/\//g, '.')}`.replace(/\.$/, '');
        return `${where}: ${v.message}`;
      });
      // A body's fields also by path, so a form can put each message beside its field.
      const fields =
        error.validationContext === 'body'
          ? Object.fromEntries(error.validation.filter((v) => v.instancePath).map((v) => [v.instancePath.slice(1).replace(/\//g, '.'), v.message ?? '']))
          : {};
      return reply.status(400).send({ error: issues.join('; '), ...(Object.keys(fields).length > 0 ? { fields } : {}) });
    }
    // A bad dnfilter/orderby is the caller's input: 400 with the message that points at the position.
    if (isFilterError(error)) {
      return reply.status(400).send({ error: error.message });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (isPoolExhausted(error)) {
      request.log.warn('no database connection became free in time');
      return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send({ error: BUSY });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: SERVER_ERROR });
  });
});
