import fp from 'fastify-plugin';
import { safeEncode, $ZodType } from 'zod/v4/core';
import type { FastifyServerOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { parseJson, stringifyJson, textProblem } from '@portal/contract';
import { HttpError } from '../errors';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const at = (path: string) => (path ? ` (at ${path})` : '');

/** Refuses prototype keys and, in keys and values, text no person types (a NUL would reach SQL). */
const assertSafeValue = (value: unknown, path = '', depth = 0): void => {
  if (depth > 64) throw new HttpError(400, 'The request body is nested too deeply.');
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) throw new HttpError(400, `${problem.replace(/\.$/, '')}${at(path)}.`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw new HttpError(400, `The request body may not contain the key "${key}".`);
    if (textProblem(key)) throw new HttpError(400, `A key of the request body is not valid text${at(path)}.`);
    assertSafeValue((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, depth + 1);
  }
};

/** Lossless JSON both ways: 64-bit ids stay exact in request bodies and replies. */
export const jsonPlugin = fp(async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      const value = parseJson(text);
      assertSafeValue(value);
      done(null, value);
    } catch (error) {
      done(error instanceof HttpError ? error : new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });
  app.setReplySerializer((payload) => stringifyJson(payload));
});

/** An answer encoded through its zod schema (which strips unknown fields) as lossless JSON. */
export const encodeAnswer = (schema: $ZodType, data: unknown, what: string): string => {
  const result = safeEncode(schema, data);
  if (!result.success) throw new Error(`Response of ${what} does not match its schema: ${result.error.message}`);
  return stringifyJson(result.data);
};

/** Encodes replies through the route's zod schema. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof $ZodType)) throw new Error(`Response schema of ${method} ${url} is not a zod schema`);
  return (data) => encodeAnswer(schema, data, `${method} ${url}`);
};

/** Fastify's schema controller factories, which it types after Ajv's. */
export type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
