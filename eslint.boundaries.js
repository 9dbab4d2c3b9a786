// Import direction, checked by eslint-plugin-boundaries:
//   web:    app (main, routes) -> pages -> features -> components / lib -> shared
//           a feature imports only itself; shared imports only shared.
//   server: app.ts / main.ts -> domains -> lib, db, storage, mail, observability -> shared; the domains import
//           each other only along the arrows of SERVER_DOMAIN_DEPENDENCIES, which has no loop.
// Tests and test support may import anything.

/** Which server domains each domain may import (a DAG: add an arrow only where no loop forms). */
const SERVER_DOMAIN_DEPENDENCIES = {
  auth: [],
  'project-access': [],
  search: [],
  clients: ['search'],
  billing: ['auth'],
  account: ['auth'],
  photos: ['auth', 'billing', 'account', 'project-access'],
  templates: ['auth'],
  // The client's answers as data: projects and client links show them.
  'client-answers': ['photos', 'project-access'],
  projects: ['auth', 'billing', 'photos', 'project-access', 'clients', 'search', 'templates', 'client-answers'],
  admin: ['auth', 'billing'],
  'share-links': ['auth', 'billing', 'account', 'project-access', 'projects', 'photos', 'client-answers'],
  // Sending a report, its activity, and the routes of the client's answers.
  'client-loop': ['auth', 'billing', 'account', 'project-access', 'projects', 'photos', 'share-links', 'client-answers'],
  openapi: ['auth', 'admin'],
  web: ['auth'],
  health: [],
  backup: [],
  // The app's own parts (headers, metrics, error handler, periodic tasks, pages): above every domain, imported only by app.ts.
  plugins: ['auth', 'admin', 'billing', 'photos', 'projects', 'share-links', 'templates', 'web'],
  'account-export': ['auth', 'projects', 'photos', 'project-access', 'client-answers'],
  'account-deletion': ['auth', 'billing', 'photos', 'projects', 'share-links'],
  // Members, invites and sign-in links of a business (account: the logo the join page shows).
  team: ['auth', 'account', 'projects'],
};

const element = (type, captured) => ({ element: captured ? { type, captured } : { type } });
const allow = (fromType, toTypes) => ({ from: element(fromType), allow: { to: toTypes.map((type) => element(type)) } });

export function importBoundaries(plugin) {
  return {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/server/test-support/**', 'src/server/hardening/**'],
    plugins: { boundaries: plugin },
    settings: {
      'import/resolver': { typescript: { project: ['tsconfig.json', 'tsconfig.server.json'], noWarnOnMultipleProjects: true } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // Single files: the server's entry points may import anything; config.ts is read by all.
      'boundaries/files': [
        { category: 'server-entry', pattern: 'src/server/{app,main}.ts' },
        { category: 'server-config', pattern: 'src/server/config.ts' },
      ],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
        { type: 'pdf', pattern: 'src/pdf/**', partialMatch: false },
        { type: 'web-app', pattern: 'src/web/*.{ts,tsx}', partialMatch: false },
        { type: 'web-page', pattern: 'src/web/pages/**', partialMatch: false },
        { type: 'web-feature', pattern: 'src/web/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'web-component', pattern: 'src/web/components/**', partialMatch: false },
        { type: 'web-lib', pattern: 'src/web/lib/**', partialMatch: false },
        { type: 'server-lib', pattern: 'src/server/{lib,db,storage,mail,observability}/**', partialMatch: false },
        { type: 'server-domain', pattern: 'src/server/*/**', partialMatch: false, capture: ['domain'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            allow('shared', ['shared']),
            allow('pdf', ['pdf', 'shared']),
            allow('web-app', ['web-app', 'web-page', 'web-feature', 'web-component', 'web-lib', 'shared']),
            allow('web-page', ['web-page', 'web-feature', 'web-component', 'web-lib', 'shared']),
            {
              from: element('web-feature'),
              allow: {
                to: [
                  element('web-feature', { feature: '{{ from.element.captured.feature }}' }),
                  element('web-component'),
                  element('web-lib'),
                  element('shared'),
                  element('pdf'),
                ],
              },
            },
            allow('web-component', ['web-component', 'web-lib', 'shared']),
            allow('web-lib', ['web-lib', 'shared']),
            {
              from: { file: { categories: 'server-entry' } },
              allow: { to: [{ file: { categories: 'server-entry' } }, element('server-lib'), element('server-domain'), element('shared'), element('pdf')] },
            },
            { allow: { to: { file: { categories: 'server-config' } } } },
            allow('server-lib', ['server-lib', 'shared']),
            ...Object.entries(SERVER_DOMAIN_DEPENDENCIES).map(([domain, others]) => ({
              from: element('server-domain', { domain }),
              allow: {
                to: [
                  element('server-domain', { domain: '{{ from.element.captured.domain }}' }),
                  ...others.map((other) => element('server-domain', { domain: other })),
                  element('server-lib'),
                  element('shared'),
                  element('pdf'),
                ],
              },
            })),
          ],
        },
      ],
    },
  };
}
