// The areas a new report gets from the template it names: repeated areas ("Bedroom 1…n") made from
// the counts (1 each when not given), named in the member's language.
import type { CreateProjectBody } from '../../shared/contract/projects.js';
import { toLocale } from '../../shared/preferences.js';
import { expandAreas, roomCountsOf } from '../../shared/templates/expand-areas.js';
import type { Database } from '../db/client.js';
import { badRequest } from '../lib/http-errors.js';
import { templateOwnerKey } from '../templates/template-owner.js';
import { findTemplate } from '../templates/templates.service.js';
import type { NewArea } from '../project-access/project-areas.js';

export async function areasForNewProject(db: Database, member: { businessId: number; locale: string }, body: CreateProjectBody): Promise<NewArea[]> {
  if (body.templateId === undefined) return [];
  const template = await findTemplate(db, templateOwnerKey(member), body.templateId, toLocale(member.locale));
  if (!template) throw badRequest('template_not_found');
  return expandAreas(template.areas, roomCountsOf(body));
}
