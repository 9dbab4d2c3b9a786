import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 2 (forgot and reset password) are registered here.
export const passwordResetRoutes: FastifyPluginAsync = async () => {};
