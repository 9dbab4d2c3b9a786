// npm run generate:api: writes the web client's copy of the route table (method, path, who may
// call, what comes back) from src/shared/contract/routes.ts. The copy carries no zod, so the
// first-load JavaScript stays small (decision 009); its `satisfies` clause and
// api-routes.generated.test.ts fail whenever the table and the copy disagree.
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from '../src/shared/contract/routes.js';
import type { RouteDef } from '../src/shared/contract/route.js';

export const GENERATED_CLIENT_PATH = fileURLToPath(new URL('../src/web/lib/api/api-routes.generated.ts', import.meta.url));

/** 'json' answers are parsed; 'file' and 'redirect' answers are handed back as the Response. */
function answerOf(route: RouteDef): 'json' | 'file' | 'redirect' {
  if (route.response) return 'json';
  return route.status === 302 ? 'redirect' : 'file';
}

export function renderApiRoutesModule(routes: Record<string, RouteDef> = apiRoutes): string {
  const entries = Object.entries(routes).map(
    ([name, route]) => `  ${name}: { method: '${route.method}', path: '${route.path}', access: '${route.access}', answer: '${answerOf(route)}' },`,
  );
  return `// Generated from the route table (src/shared/contract/routes.ts) by \`npm run generate:api\`. Do not edit.
// The typed client (api-client.ts) calls through these entries; typecheck and
// api-routes.generated.test.ts fail when they and the table disagree.
import type { ApiRoutes } from '@shared/contract/routes';

type Entry<R extends ApiRoutes[keyof ApiRoutes]> = { method: R['method']; path: R['path']; access: R['access']; answer: 'json' | 'file' | 'redirect' };

export const API_ROUTES = {
${entries.join('\n')}
} as const satisfies { [K in keyof ApiRoutes]: Entry<ApiRoutes[K]> };
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await fs.writeFile(GENERATED_CLIENT_PATH, renderApiRoutesModule());
  console.log(`wrote ${GENERATED_CLIENT_PATH}`);
}
