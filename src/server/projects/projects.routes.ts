import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 3 (projects) are registered here.
export const projectRoutes: FastifyPluginAsync = async () => {};
