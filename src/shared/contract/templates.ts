// Job templates: the areas (rooms) a kind of job is captured in, built in or the business's own.
import { z } from 'zod';
import { MessageResponseSchema } from './common.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

export const TEMPLATE_MAX_AREAS = 40;
export const TEMPLATE_NAME_MAX_LENGTH = 60;
export const AREA_MIN_PHOTOS_MAX = 10;
/** The most bedrooms or bathrooms a report can be made with. */
export const ROOM_COUNT_MAX = 10;
export const SKIP_NOTE_MAX_LENGTH = 200;

export const AreaRepeatSchema = z.enum(['bedrooms', 'bathrooms'], { error: issueCode('area_repeat_invalid') }).nullable();
export type AreaRepeat = z.infer<typeof AreaRepeatSchema>;

export const TemplateAreaSchema = z.object({
  key: z.string(),
  name: z.string(),
  minBefore: z.number(),
  minAfter: z.number(),
  repeat: AreaRepeatSchema,
});
export type TemplateArea = z.infer<typeof TemplateAreaSchema>;

export const TemplateSchema = z.object({
  /** A built-in template's id is a word ('deep-clean'); the business's own are digits. */
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  areas: z.array(TemplateAreaSchema),
});
export type Template = z.infer<typeof TemplateSchema>;

const NameSchema = (code: 'template_name_invalid' | 'area_name_invalid') =>
  z
    .string({ error: issueCode(code) })
    .trim()
    .min(1, issueCode(code))
    .max(TEMPLATE_NAME_MAX_LENGTH, issueCode(code));

const MinimumSchema = z
  .number({ error: issueCode('area_minimum_invalid') })
  .int(issueCode('area_minimum_invalid'))
  .min(0, issueCode('area_minimum_invalid'))
  .max(AREA_MIN_PHOTOS_MAX, issueCode('area_minimum_invalid'));

export const TemplateAreaInputSchema = z.object({
  /** Kept when given (letters, digits, '-' and '_'); made from the position otherwise. */
  key: z
    .string({ error: issueCode('area_key_invalid') })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, issueCode('area_key_invalid'))
    .optional(),
  name: NameSchema('area_name_invalid'),
  minBefore: MinimumSchema.default(1),
  minAfter: MinimumSchema.default(1),
  repeat: AreaRepeatSchema.default(null),
});

const AreasInputSchema = z
  .array(TemplateAreaInputSchema, { error: issueCode('template_areas_invalid') })
  .min(1, issueCode('template_areas_invalid'))
  .max(TEMPLATE_MAX_AREAS, issueCode('template_areas_invalid'));

const BuiltInIdSchema = z.string({ error: issueCode('template_not_found') }).regex(/^[a-z0-9-]{1,40}$/, issueCode('template_not_found'));

/** A new template: its name and areas, or a copy of another template (built in or own), renamed if a name is given. */
export const CreateTemplateBodySchema = z.union([
  z.object({ name: NameSchema('template_name_invalid'), areas: AreasInputSchema }).strict(),
  z.object({ copyFrom: BuiltInIdSchema, name: NameSchema('template_name_invalid').optional() }).strict(),
]);
export type CreateTemplateBody = z.infer<typeof CreateTemplateBodySchema>;

export const UpdateTemplateBodySchema = z
  .object({ name: NameSchema('template_name_invalid').optional(), areas: AreasInputSchema.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.areas !== undefined, { message: issueCode('template_update_empty') });
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBodySchema>;

export const TemplateIdParamSchema = z.object({ id: BuiltInIdSchema });

export const templateRoutes = {
  listTemplates: defineRoute({
    method: 'GET',
    path: '/api/templates',
    summary: "The built-in templates (in the member's language) and the business's own",
    access: 'member',
    response: z.array(TemplateSchema),
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/templates',
    summary: 'Make a template: { name, areas } or { copyFrom, name? } to copy a built-in or own one',
    access: 'manager',
    body: CreateTemplateBodySchema,
    status: 201,
    response: TemplateSchema,
  }),
  updateTemplate: defineRoute({
    method: 'PATCH',
    path: '/api/templates/:id',
    summary: "Rename a business's own template or replace its areas (a built-in one is never changed: 403)",
    access: 'manager',
    params: TemplateIdParamSchema,
    body: UpdateTemplateBodySchema,
    response: TemplateSchema,
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/templates/:id',
    summary: "Delete a business's own template (reports made from it keep their areas)",
    access: 'manager',
    params: TemplateIdParamSchema,
    response: MessageResponseSchema,
  }),
};
