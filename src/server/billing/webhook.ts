// POST /api/billing/webhook: Stripe's signed events. The signature is computed over the exact
// bytes Stripe sent, so this scope reads JSON bodies as raw buffers (and only this scope).
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../lib/http-errors.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { isWebhookVerifier, WebhookSignatureError } from './billing-provider.js';
import { processBillingEvent } from './billing-sync.js';
import { callProvider } from './provider-errors.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, billing } = app.deps;
  if (!isWebhookVerifier(billing)) return;
  const verifier = billing;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  addRoute(app, api.receiveBillingWebhook, async ({ body, request }) => {
    if (!Buffer.isBuffer(body)) throw badRequest('webhook_body_required');
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = verifier.verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logSecurityEvent(request, 'webhook_signature_invalid');
        throw badRequest('webhook_signature_invalid');
      }
      throw error;
    }
    const outcome = await callProvider(request, () => processBillingEvent(db, billing, event));
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'billing webhook');
    return { received: true, outcome };
  });
};
