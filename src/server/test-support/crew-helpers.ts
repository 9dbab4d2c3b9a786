// A business with its crew, made through the API: the owner registers, invites, and each member
// joins from their link on their own "phone" (a client of its own).
import type { LoginResponse } from '../../shared/contract/auth.js';
import type { Invite } from '../../shared/contract/team.js';
import type { TestApp } from './test-app.js';
import { registerUser, type TestClient } from './test-client.js';

export interface CrewMember {
  client: TestClient;
  user: LoginResponse;
}

/** The token at the end of an invite's or a sign-in link's url. */
export const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

export async function invite(by: TestClient, role: 'manager' | 'cleaner', name?: string): Promise<Invite> {
  const response = await by.post<Invite>('/api/team/invites', { role, ...(name === undefined ? {} : { name }) });
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Joins from an invite on a new client (a name only unless told otherwise). */
export async function join(t: TestApp, invited: Invite, body: { name: string; email?: string; password?: string }): Promise<CrewMember> {
  const client = t.client();
  const response = await client.post<LoginResponse>(`/api/join/${tokenOf(invited.url)}`, body);
  if (response.status !== 201) throw new Error(`join failed: ${response.status} ${response.text}`);
  return { client, user: response.body };
}

export interface Crew {
  owner: CrewMember;
  manager: CrewMember;
  cleaner: CrewMember;
}

/** An owner, a manager and a cleaner of one new business. */
export async function startCrew(t: TestApp, businessName = 'Sparkle Cleaning'): Promise<Crew> {
  const ownerClient = t.client();
  await registerUser(ownerClient, { businessName });
  const ownerUser = (await ownerClient.get<LoginResponse>('/api/user')).body;
  const manager = await join(t, await invite(ownerClient, 'manager'), { name: 'Marta' });
  const cleaner = await join(t, await invite(ownerClient, 'cleaner', 'Ana'), { name: 'Ana' });
  return { owner: { client: ownerClient, user: ownerUser }, manager, cleaner };
}
