import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Compares in constant time: both sides are hashed to 32 bytes first, so neither the content
 * nor the length of the real password leaks through how long the comparison takes.
 */
export function isAdminPassword(candidate: string, adminPassword: string): boolean {
  return timingSafeEqual(digest(candidate), digest(adminPassword));
}
