import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 3 (photos and pairs) are registered here.
export const photoRoutes: FastifyPluginAsync = async () => {};
