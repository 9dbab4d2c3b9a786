// The web client's copy of the route table is generated, never edited: it must be what the
// generator writes from the table today (`npm run generate:api` after changing a route).
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_CLIENT_PATH, renderApiRoutesModule } from '../../../../scripts/generate-api-client';

describe('api-routes.generated.ts', () => {
  it('is what `npm run generate:api` writes from the route table', async () => {
    expect(await fs.readFile(GENERATED_CLIENT_PATH, 'utf8')).toBe(renderApiRoutesModule());
  });
});
