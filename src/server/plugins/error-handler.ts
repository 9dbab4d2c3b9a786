// The one error handler: an HttpError is answered `{ code, message }` with its status and headers;
// a request Fastify could not read gets its own code; a database that cannot be reached is a 503
// with Retry-After, and so is a photo store that cannot take a file or a full work queue; anything else is a bug, logged in full and answered with a plain 500.
import type { FastifyError } from 'fastify';
import { errorMessage, type ErrorCode, type ErrorParams } from '../../shared/error-codes.js';
import { isDatabaseUnavailableError } from '../db/client.js';
import { BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { HttpError, serviceUnavailable } from '../lib/http-errors.js';
import { QueueFullError } from '../../shared/concurrency-limiter.js';
import { STORAGE_RETRY_AFTER_SECONDS, StorageUnavailableError } from '../storage/storage-unavailable.js';
import { appWide } from './app-wide.js';

export const errorHandlerPlugin = appWide('error-handler', async (app) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(clientError(error, request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES).toBody());
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error, problem: error.problem }, 'photo store unavailable: answered 503');
      return reply.code(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).send(serviceUnavailable('storage_unavailable').toBody());
    }
    if (error instanceof QueueFullError) {
      request.log.warn('image and PDF work queue full: answered 503');
      return reply.code(503).header('retry-after', '2').send(serviceUnavailable('server_busy').toBody());
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(serviceUnavailable('service_unavailable').toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(new HttpError(500, 'internal_error', errorMessage('internal_error')).toBody());
  });
});

/** A request Fastify itself could not read (too large, wrong type, broken JSON), by Fastify's code. */
function clientError(error: FastifyError, bodyLimit: number): HttpError {
  const status = error.statusCode ?? 400;
  const refuse = <C extends ErrorCode>(code: C, ...params: ErrorParams<C>) => new HttpError(status, code, errorMessage(code, ...params));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refuse('body_too_large', { limit: formatBytes(bodyLimit) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refuse('content_type_unsupported');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refuse('body_empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return refuse('body_invalid_json');
    default:
      // JSON.parse's own SyntaxError (Fastify passes it on with a 400 and no code of its own).
      if (error instanceof SyntaxError) return refuse('body_invalid_json');
      return refuse('bad_request', { detail: error.message });
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
