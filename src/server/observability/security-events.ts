// Security events: one structured pino line each, so an operator can alert on them.
// Never a secret: no password, token, cookie or email, only what identifies the actor.
import type { FastifyRequest } from 'fastify';

export type SecurityEvent =
  | 'login_failed'
  | 'login_locked'
  | 'admin_verify_failed'
  | 'origin_refused'
  | 'rate_limited'
  | 'webhook_signature_invalid'
  | 'quota_reached'
  | 'account_deleted';

export interface SecurityEventDetails {
  userId?: number;
  /** Which limit or quota, for rate_limited and quota_reached. */
  limit?: string;
}

export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent, details: SecurityEventDetails = {}): void {
  request.log.warn({ event, ip: request.ip, ...details }, `security event: ${event}`);
}
