// A plugin that adds to the app itself rather than to a scope of its own: its hooks, decorators
// and error handler apply to every route. This is what the fastify-plugin package does (Fastify
// reads the 'skip-override' symbol when it registers a plugin), without one more dependency.
import type { FastifyPluginAsync } from 'fastify';

export function appWide<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
