// Members named on reports and photos (createdBy, takenBy): one query for every id a view needs.
import { count, eq, inArray } from 'drizzle-orm';
import type { MemberRef } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

export type MemberNames = ReadonlyMap<number, string>;

/**
 * The names of these members. `viewer`: the member asking, whose name the request already holds; when
 * every id is theirs (a business of one, or a member's own report) no query is made.
 */
export async function loadMemberNames(db: Database, ids: Iterable<number | null>, viewer?: { id: number; name: string }): Promise<MemberNames> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  if (viewer && wanted.every((id) => id === viewer.id)) return new Map([[viewer.id, viewer.name]]);
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** `{ id, name }` for a member id, or null when there is none. */
export function memberRef(names: MemberNames, id: number | null): MemberRef | null {
  return id === null ? null : { id, name: names.get(id) ?? '' };
}

/** Names for a report's PDF lines: none in a business of one, where every photo is its owner's. */
export async function loadCrewNames(db: Database, businessId: number, ids: Iterable<number | null>): Promise<MemberNames> {
  const [crew] = await db.select({ n: count() }).from(users).where(eq(users.businessId, businessId));
  return (crew?.n ?? 0) > 1 ? loadMemberNames(db, ids) : new Map();
}
