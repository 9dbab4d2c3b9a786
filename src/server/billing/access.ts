// The paid-action gate (issue 5): creating reports, adding photos and exporting need hasAccess.
// Callers: projects (create), photos (add), report PDF (export). Existing reports stay viewable.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';

/**
 * Throws a 402 with a message a person can act on when the user's trial has ended and they
 * have no active subscription. Placeholder until issue 5: allows everyone.
 */
export async function requireActiveAccess(_request: FastifyRequest, _user: UserRow): Promise<void> {}
