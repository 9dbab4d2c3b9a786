// Photo and logo bodies (up to 15 MB each) are held in memory while they are read and decoded.
// Before a body is read, the upload takes a place: at most a few per user (a phone sends one at
// a time; a script sending 60 at once gets 429s) and a byte budget for the whole server (past it,
// 503). Both answers carry Retry-After, and the app's upload queue keeps the photo and retries.
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Places of the photo and logo uploads whose bodies are being read or decoded. */
    uploadsInFlight: UploadsInFlight;
  }
}
import { serviceUnavailable } from './http-errors.js';
import { UPLOAD_BODY_LIMIT_BYTES } from './body-limits.js';
import { createPerKeyGate } from './per-key-gate.js';

/** Uploads one user may have in flight at once: the app sends one at a time; a few tabs or devices fit. */
export const UPLOADS_IN_FLIGHT_PER_USER = 6;
/** Declared body bytes all uploads together may have in flight: about ten 15 MB bodies, or a thousand phone photos. */
export const UPLOAD_BYTES_IN_FLIGHT_TOTAL = 160 * 1024 * 1024;
const RETRY_AFTER_SECONDS = 2;

export interface UploadsInFlight {
  /** Takes a place for this request until its answer is sent or its connection closes; throws a 429 or 503 when there is none. */
  enter(request: FastifyRequest, reply: FastifyReply, userId: number): void;
  /** Bytes reserved now, for /metrics. */
  readonly bytes: number;
}

export function createUploadsInFlight(limits = { perUser: UPLOADS_IN_FLIGHT_PER_USER, totalBytes: UPLOAD_BYTES_IN_FLIGHT_TOTAL }): UploadsInFlight {
  const perUser = createPerKeyGate<number>(limits.perUser, { code: 'uploads_in_flight', retryAfterSeconds: RETRY_AFTER_SECONDS });
  let bytes = 0;
  return {
    enter(request, reply, userId) {
      const leaveUser = perUser.enter(userId);
      // What the client says it will send (the body limit refuses more); a body without a length may be the whole limit.
      const declared = Number(request.headers['content-length']);
      const size = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, UPLOAD_BODY_LIMIT_BYTES) : UPLOAD_BODY_LIMIT_BYTES;
      if (bytes + size > limits.totalBytes && bytes > 0) {
        leaveUser();
        throw serviceUnavailable('server_busy').retryAfter(RETRY_AFTER_SECONDS);
      }
      bytes += size;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        bytes -= size;
        leaveUser();
      };
      // 'close' comes once the answer is sent, and also when the client goes away mid-body.
      reply.raw.once('close', release);
    },
    get bytes() {
      return bytes;
    },
  };
}
