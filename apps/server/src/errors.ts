/** An error whose message is safe to show the caller, answered as `{ error }` (and `fields` when given) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, e.g. `Retry-After` of a 429 or 503. */
    readonly headers: Record<string, string> = {},
    /** What is wrong with each field of the body, by its path ("addresses.0.postal"), so a form can show it beside the field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const invalidFields = (message: string, fields: Record<string, string>) => new HttpError(400, message, {}, fields);
export const unauthorized = (message = 'Your session has expired. Please log in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (what = 'The requested item') => new HttpError(404, `${what} was not found.`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, { 'retry-after': String(retryAfterSeconds) });
