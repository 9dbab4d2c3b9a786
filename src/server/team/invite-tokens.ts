// An invite's token is derived from a random nonce with a server key: the table keeps the nonce and
// the token's hash, so the team page can show the link again while a copy of the database alone
// opens nothing. 256 bits of HMAC output, well past the 128 random bits a link needs.
import { createHmac } from 'node:crypto';
import { generateToken, hashToken } from '../lib/tokens.js';

export interface IssuedInviteToken {
  token: string;
  tokenHash: string;
  tokenNonce: string;
}

export function inviteToken(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

export function issueInviteToken(key: Buffer): IssuedInviteToken {
  const tokenNonce = generateToken();
  const token = inviteToken(key, tokenNonce);
  return { token, tokenHash: hashToken(token), tokenNonce };
}

export const joinUrl = (appUrl: string, token: string): string => `${appUrl}/join/${token}`;
export const signInUrl = (appUrl: string, token: string): string => `${appUrl}/sign-in/${token}`;
