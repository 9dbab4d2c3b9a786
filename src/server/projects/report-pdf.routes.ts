import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 4 (server-side PDF) are registered here.
export const reportPdfRoutes: FastifyPluginAsync = async () => {};
