// Signing keys kept in the database (server_secrets): the first server to ask makes one, and
// every server of a fleet reads the same, with nothing to configure.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { serverSecrets } from '../db/schema.js';
import { generateToken } from './tokens.js';

export async function loadServerSecret(db: Database, name: string): Promise<Buffer> {
  await db.insert(serverSecrets).values({ name, value: generateToken() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return Buffer.from(row.value, 'base64url');
}
