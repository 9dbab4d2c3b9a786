// OWASP's device cookie (Blocking Brute Force Attacks): a browser that has signed in to an account
// gets `{userId}.{nonce}.{HMAC-SHA256(userId.nonce)}`. A sign-in to that account carrying it comes
// from a device the account has used: it is spared the per-address limit and the account lockout
// (which a flood of guesses from elsewhere would otherwise fill), and its password check goes to the
// front of the hash queue. Wrong passwords from one device are counted per device instead.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS } from '../../shared/rules.js';

export const DEVICE_COOKIE = 'cp_device';
const DEVICE_COOKIE_LIFETIME_MS = 365 * DAY_MS;
/** Sent only with sign-ins: nothing else reads it. */
const DEVICE_COOKIE_PATH = '/api/login';

export interface KnownDevice {
  userId: number;
  /** Names the device in the per-device failure count and hash-queue places. */
  nonce: string;
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signDeviceCookie(secret: Buffer, userId: number): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The device a well-signed cookie names, or null (missing, malformed or forged). */
export function readDeviceCookie(secret: Buffer, value: string | undefined): KnownDevice | null {
  if (!value || value.length > 200) return null;
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, userId, nonce, signature] = match as unknown as [string, string, string, string];
  const expected = mac(secret, `${userId}.${nonce}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(userId), nonce };
}

export function requestDevice(secret: Buffer, request: FastifyRequest): KnownDevice | null {
  return readDeviceCookie(secret, request.cookies[DEVICE_COOKIE]);
}

export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000 });
}
