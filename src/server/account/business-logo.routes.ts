// The business logo: POST /api/user/logo with PNG or JPEG bytes, GET and DELETE.
// The bytes live in the photo store; users.business_logo_key points at them.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { toUserResponse } from '../auth/user-view.js';
import { withBusinessSettings } from '../auth/members.js';
import { notFound, unsupportedMediaType } from '../lib/http-errors.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logoContentType, newLogoKey, processUploadedLogo } from './business-logo.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, routeUser } from '../lib/add-route.js';

export const businessLogoRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore } = app.deps;
  // Raw bytes of any stated type: the bytes themselves are checked (JSON still parses as JSON
  // and is refused below with a message saying what to send).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /**
   * The replaced file goes last. If that fails the change has still happened, so the answer is
   * still a success; the orphan sweep removes the file later (nothing points at it any more).
   */
  async function removeReplacedLogo(request: FastifyRequest, key: string | null) {
    if (!key) return;
    await photoStore.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'could not delete a replaced logo; the orphan sweep will'));
  }

  /** Points the user at a new logo key (or none) and returns the key it replaced. */
  async function swapLogoKey(userId: number, key: string | null) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select({ key: users.businessLogoKey }).from(users).where(eq(users.id, userId)).for('update');
      const [updated] = await tx.update(users).set({ businessLogoKey: key }).where(eq(users.id, userId)).returning();
      if (!updated) throw notFound('user_not_found');
      return { previousKey: current?.key ?? null, user: updated };
    });
  }

  const logoUploadsPerUser = createLimiter(app, {
    name: 'logo-uploads-user',
    ...RATE_LIMITS.logoUploadsPerUser,
    key: (request) => String(routeUser(request).id),
    code: 'logo_uploads_rate_limited',
  });

  // Sign-in (the table's access), the budget and a place among the uploads in flight are checked
  // before the body is read; only this route and photo uploads take large bodies.
  const beforeLogoBody = [
    async (request: FastifyRequest, reply: FastifyReply) => app.uploadsInFlight.enter(request, reply, routeUser(request).id),
    logoUploadsPerUser.hit,
  ];
  addRoute(app, api.uploadLogo, { bodyLimit: UPLOAD_BODY_LIMIT_BYTES, onRequest: beforeLogoBody }, async ({ user, body, request }) => {
    if (!Buffer.isBuffer(body)) throw unsupportedMediaType('logo_bytes_required');
    const logo = await processUploadedLogo(body);
    // New file first, then the row, then the old file: a crash leaves at worst an unused file.
    const key = newLogoKey(user.accountId, logo.extension);
    await photoStore.put(key, logo.bytes, logo.contentType);
    let swapped;
    try {
      swapped = await swapLogoKey(user.accountId, key);
    } catch (error) {
      await photoStore.delete(key).catch(() => undefined);
      throw error;
    }
    await removeReplacedLogo(request, swapped.previousKey);
    return toUserResponse(withBusinessSettings(user, swapped.user));
  });

  addRoute(app, api.getLogo, async ({ user, request, reply }) => {
    const key = user.businessLogoKey;
    const bytes = key ? await photoStore.get(key) : null;
    if (!key || !bytes) throw notFound('no_logo');
    // Each upload gets a new key, so the key names these bytes.
    return sendRevalidated(request, reply, `"logo-${key.split('/').pop() ?? ''}"`, logoContentType(key), bytes);
  });

  addRoute(app, api.deleteLogo, async ({ user, request }) => {
    const swapped = await swapLogoKey(user.accountId, null);
    await removeReplacedLogo(request, swapped.previousKey);
    return toUserResponse(withBusinessSettings(user, swapped.user));
  });
};
