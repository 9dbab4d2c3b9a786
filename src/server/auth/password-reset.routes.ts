import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse } from '../../shared/contract/common.js';
import { errorMessage } from '../../shared/error-codes.js';
import { composePasswordResetMail, resetPasswordLink } from '../mail/password-reset-mail.js';
import { issueResetToken, resetPasswordWithToken } from './password-reset.js';
import { createSameOriginCheck } from '../lib/origin-guard.js';
import { bodyEmailKey, clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { hashToken } from '../lib/tokens.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer, clock } = app.deps;
  const forgotPerAddress = createLimiter(app, { name: 'forgot-password-address', ...RATE_LIMITS.forgotPasswordPerAddress, key: clientAddress });
  const forgotPerEmail = createLimiter(app, { name: 'forgot-password-email', ...RATE_LIMITS.forgotPasswordPerEmail, key: bodyEmailKey });
  const resetPerAddress = createLimiter(app, { name: 'reset-password-address', ...RATE_LIMITS.resetPasswordPerAddress, key: clientAddress });
  // The token's hash: a store must never hold a live reset token.
  const resetPerToken = createLimiter(app, {
    name: 'reset-password-token',
    ...RATE_LIMITS.resetPasswordPerToken,
    key: (request) => hashToken((request.body as { token: string }).token),
  });

  // The lookup, the token and the mail all happen after the answer, so neither the answer nor its
  // timing reveals whether the email has an account. Close waits for what is still in flight.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  async function sendResetLink(email: string): Promise<void> {
    const issued = await issueResetToken(db, email, clock());
    if (!issued) return;
    await mailer.send(await composePasswordResetMail(issued.email, resetPasswordLink(config.appUrl, issued.token), issued.locale));
  }

  // One answer (reset_link_sent) whether or not the email has an account, so the form cannot be used to find out.
  addRoute(app, api.forgotPassword, { onRequest: forgotPerAddress.hit }, async ({ body: { email }, request }): Promise<MessageResponse> => {
    await forgotPerEmail.hit(request);
    const work: Promise<void> = sendResetLink(email)
      .catch((error: unknown) => request.log.error({ err: error }, 'password reset link could not be sent'))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
    return { message: errorMessage('reset_link_sent') };
  });

  addRoute(
    app,
    api.resetPassword,
    { onRequest: [createSameOriginCheck(config.appUrl), resetPerAddress.hit] },
    async ({ body: { token, password }, request }): Promise<MessageResponse> => {
      await resetPerToken.hit(request);
      await resetPasswordWithToken(db, token, password, clock, clientAddress(request));
      return { message: errorMessage('password_changed') };
    },
  );
};
