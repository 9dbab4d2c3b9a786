import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 5 (billing) are registered here.
export const billingRoutes: FastifyPluginAsync = async () => {};
