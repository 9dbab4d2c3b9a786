// Serves the built single-page app (dist/web): hashed assets cached for a year, index.html for
// every client-side route, and the 404 page for anything else that is not an API route.
// The signed-in user is written into the page: the first screen need not wait for
// GET /api/user after the script loads, which put the signed-in home's LCP over budget.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CURRENT_USER_ELEMENT_ID, type InlinedCurrentUser } from '../../shared/inlined-user.js';
import { findRequestUser, SESSION_COOKIE } from '../auth/sessions.js';
import { toUserResponse } from '../auth/user-view.js';
import { localeFromAcceptLanguage } from '../lib/request-locale.js';
import type { Locale } from '../../shared/preferences.js';
import { writeIntoIndexHtml } from './index-html.js';

/** A path that names a file (/foo.html, /assets/x.js) rather than a screen of the app. */
const FILE_LIKE_PATH = /\.[a-z0-9]{2,5}$/i;

export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    // Read each time: a rebuild (KEEP_WEB_BUILD=1) is served without a restart.
    const indexHtml = await fs.readFile(path.join(webRoot, 'index.html'), 'utf8');
    const { script, locale } = await currentUserScript(request);
    // <html lang> right from the first byte: the signed-in user's language, else the
    // browser's; the app corrects it before painting when this device remembers another choice.
    const html = writeIntoIndexHtml(indexHtml, locale, script);
    // The page now carries who is signed in: never stored by a cache, shared or not.
    return reply
      .code(status)
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie, accept-language')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', (request, reply) => sendIndex(request, reply, 200));
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isScreen = (request.method === 'GET' || request.method === 'HEAD') && !FILE_LIKE_PATH.test(urlPath);
    if (isScreen) return sendIndex(request, reply, 200);
    // spec §2 (spec gap 2): unknown paths show the 404 page, file-like or not, whatever
    // the method; a client that asked for JSON only gets { message }.
    const accept = request.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) return reply.code(404).send({ message: 'Not found' });
    return sendIndex(request, reply, 404);
  });
}

/**
 * A JSON data block (not executed, so the CSP's script-src does not apply): the signed-in user,
 * or null when the request carries no valid session cookie. `<` is escaped so no text in it can
 * close the element.
 */
async function currentUserScript(request: FastifyRequest): Promise<{ script: string; locale: Locale }> {
  let inlined: InlinedCurrentUser;
  const browserLocale = localeFromAcceptLanguage(request.headers['accept-language']);
  try {
    const user = request.cookies[SESSION_COOKIE] ? await findRequestUser(request) : null;
    inlined = { user: user ? toUserResponse(user) : null };
  } catch (error) {
    // The page still works without it: the app asks GET /api/user as before.
    request.log.warn({ err: error }, 'could not look up the user for the page');
    return { script: '', locale: browserLocale };
  }
  const locale = inlined.user?.locale ?? browserLocale;
  const script = `<script type="application/json" id="${CURRENT_USER_ELEMENT_ID}">${JSON.stringify(inlined).replace(/</g, '\\u003c')}</script>`;
  return { script, locale };
}
