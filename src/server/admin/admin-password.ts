import { randomBytes } from 'node:crypto';

/**
 * The shared admin password: ADMIN_PASSWORD when set; otherwise a random one generated at
 * start and printed once, so a fresh install is never open with a default password.
 */
export function resolveAdminPassword(configured: string | undefined, print: (line: string) => void): string {
  if (configured) return configured;
  const generated = randomBytes(12).toString('base64url');
  print(`ADMIN_PASSWORD is not set; the admin password for this run is: ${generated}`);
  return generated;
}
