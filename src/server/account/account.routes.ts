import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 5 (account settings) are registered here.
export const accountRoutes: FastifyPluginAsync = async () => {};
