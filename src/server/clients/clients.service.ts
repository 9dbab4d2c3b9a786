// Clients: list (most recently served first, searchable, paged), create, read, change, delete.
// A deleted client's reports stay with their clientName; the foreign key sets their clientId null.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Client, CreateClientBody, UpdateClientBody } from '../../shared/contract/clients.js';
import type { ListQuery } from '../../shared/contract/list-query.js';
import type { Database } from '../db/client.js';
import { clients, type ClientRow } from '../db/schema.js';
import { notFound } from '../lib/http-errors.js';
import { matchesSearch } from '../search/search-text.js';

// Written out in full: correlated subqueries over the client's reports. Each reads
// projects_client_id_created_at_idx: the count from its entries, the newest time from its last
// entry alone, so ordering 2,000 clients costs 2,000 short index reads, not every report of each.
const reportCount = sql<number>`(select count(*) from projects where projects.client_id = clients.id)`.mapWith(Number);
const lastReportAt = sql<Date | null>`(select max(projects.created_at) from projects where projects.client_id = clients.id)`.mapWith(clients.createdAt);
/** "Most recently served": the newest report's time, or when the client was added if none yet. */
const servedAt = sql`coalesce((select max(projects.created_at) from projects where projects.client_id = clients.id), clients.created_at)`;

const clientColumns = { client: clients, reportCount, lastReportAt };

type ClientSelection = { client: ClientRow; reportCount: number; lastReportAt: Date | null };

export async function listClients(db: Database, ownerId: number, query: ListQuery): Promise<Client[]> {
  // Paging after another business's client (or none) is a 404, as any other route on it.
  if (query.before !== undefined) await findClient(db, ownerId, query.before);
  const rows = await selectClientList(db, ownerId, query);
  return rows.map(toClient);
}

/** listClients' query, not yet run (bench/search.ts explains it); `before` must be the owner's client. */
export function selectClientList(db: Database, ownerId: number, query: ListQuery) {
  const conditions: SQL[] = [eq(clients.businessId, ownerId)];
  if (query.q) conditions.push(matchesSearch(clients.searchableName, query.q));
  if (query.before !== undefined) conditions.push(sql`(${servedAt}, clients.id) < (${anchorServedAt(query.before)}, ${query.before})`);
  return db
    .select(clientColumns)
    .from(clients)
    .where(and(...conditions))
    .orderBy(sql`${servedAt} desc`, sql`clients.id desc`)
    .limit(query.limit ?? 1_000_000);
}

function anchorServedAt(clientId: number): SQL {
  return sql`(select coalesce((select max(p.created_at) from projects p where p.client_id = a.id), a.created_at) from clients a where a.id = ${clientId})`;
}

export async function createClient(db: Database, ownerId: number, body: CreateClientBody): Promise<Client> {
  const [row] = await db
    .insert(clients)
    .values({
      businessId: ownerId,
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  if (!row) throw new Error('Insert returned no client');
  return toClient({ client: row, reportCount: 0, lastReportAt: null });
}

/** The owner's client, or a 404: another account's client looks exactly like one that does not exist. */
export async function findClient(db: Database, ownerId: number, clientId: number): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, ownerId)))
    .limit(1);
  if (!row) throw notFound('client_not_found');
  return row;
}

export async function loadClient(db: Database, ownerId: number, clientId: number): Promise<Client> {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, ownerId)))
    .limit(1);
  if (!row) throw notFound('client_not_found');
  return toClient(row);
}

/** Past reports keep the name they were sent under: renaming changes only the client. */
export async function updateClient(db: Database, ownerId: number, clientId: number, body: UpdateClientBody): Promise<Client> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(clients)
    .set(changes)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, ownerId)))
    .returning(clientColumns);
  if (!row) throw notFound('client_not_found');
  return toClient(row);
}

export async function deleteClient(db: Database, ownerId: number, clientId: number): Promise<void> {
  const removed = await db
    .delete(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, ownerId)))
    .returning({ id: clients.id });
  if (removed.length === 0) throw notFound('client_not_found');
}

function toClient(row: ClientSelection): Client {
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    notes: client.notes,
    createdAt: client.createdAt.toISOString(),
    reportCount: row.reportCount,
    lastReportAt: row.lastReportAt?.toISOString() ?? null,
  };
}
