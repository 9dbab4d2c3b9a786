// Errors a route throws on purpose, by code: `throw notFound('project_not_found')`. The English
// message comes from the one table (src/shared/error-codes.ts); the app's error handler answers
// `{ code, message }` with the status, plus any headers the answer needs (Retry-After on a 429
// or 503) and any extra fields the code carries (a gone link's `state`).
import { errorMessage, type ErrorCode, type ErrorParams } from '../../shared/error-codes.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Fields the answer carries beside code and message. */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The JSON answer. */
  toBody(): Record<string, unknown> {
    return { ...this.extra, code: this.code, message: this.message };
  }

  /** The same error, asking the client to wait this long before trying again. */
  retryAfter(seconds: number): HttpError {
    return new HttpError(this.statusCode, this.code, this.message, { ...this.headers, 'retry-after': String(Math.max(1, Math.ceil(seconds))) }, this.extra);
  }
}

/** An HttpError factory for one status: the code, then the values its message needs. */
const withStatus =
  (status: number) =>
  <C extends ErrorCode>(code: C, ...params: ErrorParams<C>): HttpError =>
    new HttpError(status, code, errorMessage(code, ...params));

export const badRequest = withStatus(400);
export const unauthorized = withStatus(401);
export const paymentRequired = withStatus(402);
export const forbidden = withStatus(403);
export const notFound = withStatus(404);
export const conflict = withStatus(409);
export const payloadTooLarge = withStatus(413);
export const unsupportedMediaType = withStatus(415);
export const serviceUnavailable = withStatus(503);
/** Something that worked once and no longer does (a used, revoked or expired invite). */
export const goneFor = withStatus(410);

/** A 429 with Retry-After. */
export const tooManyRequests = <C extends ErrorCode>(code: C, retryAfterSeconds: number, ...params: ErrorParams<C>): HttpError =>
  new HttpError(429, code, errorMessage(code, ...params)).retryAfter(retryAfterSeconds);

/** A client link that no longer works: 410 with whether it expired or was revoked. */
export const gone = (state: 'expired' | 'revoked'): HttpError => {
  const code = state === 'expired' ? 'link_expired' : 'link_revoked';
  return new HttpError(410, code, errorMessage(code), {}, { state });
};
