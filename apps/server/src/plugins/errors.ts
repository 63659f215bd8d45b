import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { isFilterError } from '../filter';

const SERVER_ERROR = 'An unexpected server error occurred.';

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

/** Every error leaves as `{ error }` with the right status; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = `${error.validationContext ?? 'request'}${v.instancePath.replace(/\//g, '.')}`.replace(/\.$/, '');
        return `${where}: ${v.message}`;
      });
      return reply.status(400).send({ error: issues.join('; ') });
    }
    // A bad dnfilter/orderby is the caller's input: 400 with the message that points at the position.
    if (isFilterError(error)) {
      return reply.status(400).send({ error: error.message });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: SERVER_ERROR });
  });
});
