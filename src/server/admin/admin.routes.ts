import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the routes of issue 6 (admin) are registered here.
export const adminRoutes: FastifyPluginAsync = async () => {};
export const ADMIN_COOKIE = 'cp_admin';
