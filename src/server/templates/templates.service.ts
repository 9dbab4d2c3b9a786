// The business's own templates (rows) beside the built-in ones (code), as one list.
import { and, asc, eq } from 'drizzle-orm';
import type { CreateTemplateBody, Template, TemplateArea, UpdateTemplateBody } from '../../shared/contract/templates.js';
import type { Locale } from '../../shared/preferences.js';
import { builtInTemplates, findBuiltInTemplate } from '../../shared/templates/built-in-templates.js';
import type { Database } from '../db/client.js';
import { templates, type TemplateRow } from '../db/schema.js';
import { badRequest, forbidden, notFound } from '../lib/http-errors.js';

type AreaInput = Omit<TemplateArea, 'key'> & { key?: string | undefined };

const OWN_ID = /^[1-9][0-9]{0,9}$/;

export async function listTemplates(db: Database, ownerKey: number, locale: Locale): Promise<Template[]> {
  const own = await db.select().from(templates).where(eq(templates.businessId, ownerKey)).orderBy(asc(templates.createdAt), asc(templates.id));
  return [...builtInTemplates(locale), ...own.map(toTemplate)];
}

/** A built-in template or one of the owner's, or null. */
export async function findTemplate(db: Database, ownerKey: number, id: string, locale: Locale): Promise<Template | null> {
  const builtIn = findBuiltInTemplate(id, locale);
  if (builtIn) return builtIn;
  const row = await findOwnRow(db, ownerKey, id);
  return row ? toTemplate(row) : null;
}

export async function createTemplate(db: Database, ownerKey: number, body: CreateTemplateBody, locale: Locale): Promise<Template> {
  let name: string;
  let areas: AreaInput[];
  if ('copyFrom' in body) {
    const source = await findTemplate(db, ownerKey, body.copyFrom, locale);
    if (!source) throw badRequest('template_not_found');
    name = body.name ?? source.name;
    areas = source.areas;
  } else {
    name = body.name;
    areas = body.areas;
  }
  const [row] = await db
    .insert(templates)
    .values({ businessId: ownerKey, name, areas: withKeys(areas) })
    .returning();
  if (!row) throw new Error('Insert returned no template');
  return toTemplate(row);
}

export async function updateTemplate(db: Database, ownerKey: number, id: string, body: UpdateTemplateBody): Promise<Template> {
  const row = await findChangeableRow(db, ownerKey, id);
  const [updated] = await db
    .update(templates)
    .set({
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.areas === undefined ? {} : { areas: withKeys(body.areas) }),
      updatedAt: new Date(),
    })
    .where(eq(templates.id, row.id))
    .returning();
  if (!updated) throw notFound('template_not_found');
  return toTemplate(updated);
}

export async function deleteTemplate(db: Database, ownerKey: number, id: string): Promise<void> {
  const row = await findChangeableRow(db, ownerKey, id);
  await db.delete(templates).where(eq(templates.id, row.id));
}

async function findChangeableRow(db: Database, ownerKey: number, id: string): Promise<TemplateRow> {
  if (findBuiltInTemplate(id, 'en')) throw forbidden('template_built_in');
  const row = await findOwnRow(db, ownerKey, id);
  if (!row) throw notFound('template_not_found');
  return row;
}

async function findOwnRow(db: Database, ownerKey: number, id: string): Promise<TemplateRow | null> {
  if (!OWN_ID.test(id) || Number(id) > 2_147_483_647) return null;
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, Number(id)), eq(templates.businessId, ownerKey)))
    .limit(1);
  return row ?? null;
}

/**
 * Every area gets a key unique in its template: the one it keeps (the editor sends each area's key
 * back), else a new `area-N` that no area of the template has. A kept key never moves to another
 * area, so reports made offline from an older copy find their areas by key.
 */
function withKeys(areas: readonly AreaInput[]): TemplateArea[] {
  const kept = new Set(areas.flatMap((area) => (area.key === undefined ? [] : [area.key])));
  const used = new Set<string>();
  let next = 1;
  const newKey = () => {
    while (kept.has(`area-${next}`) || used.has(`area-${next}`)) next += 1;
    return `area-${next}`;
  };
  return areas.map((area) => {
    const key = area.key !== undefined && !used.has(area.key) ? area.key : newKey();
    used.add(key);
    return { key, name: area.name, minBefore: area.minBefore, minAfter: area.minAfter, repeat: area.repeat };
  });
}

function toTemplate(row: TemplateRow): Template {
  return { id: String(row.id), name: row.name, builtIn: false, areas: row.areas };
}
