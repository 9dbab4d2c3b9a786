// Projects (reports), photos and pairs: spec §3 and §7, plus photos served by URL.
import { z } from 'zod';
import { CLIENT_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../rules.js';
import { PHOTO_UPLOAD_CONTENT_TYPES } from '../images.js';
import { parseIsoInstant } from '../capture-time.js';
import { IdParamSchema, MessageResponseSchema } from './common.js';
import { ListQuerySchema, queryIdSchema } from './list-query.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';
import { ROOM_COUNT_MAX, SKIP_NOTE_MAX_LENGTH } from './templates.js';
import { ApprovalSchema, ClientIssueSchema } from './client-answers.js';

export const PhotoTypeSchema = z.enum(['before', 'after'], { error: issueCode('photo_type_invalid') });
export type PhotoType = z.infer<typeof PhotoTypeSchema>;

/** A member named where they did something: who made a report, who took a photo. */
export const MemberRefSchema = z.object({ id: z.number(), name: z.string() });
export type MemberRef = z.infer<typeof MemberRefSchema>;

export const PhotoSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  type: PhotoTypeSchema,
  /** GET /api/photos/{id}/image: the stored JPEG (within 1024x768). */
  imageUrl: z.string(),
  /** GET /api/photos/{id}/thumbnail: a small WebP for lists. */
  thumbnailUrl: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
  /** When it was taken (ISO 8601), from the device or the file's EXIF date; null when unknown or implausible. */
  capturedAt: z.string().nullable(),
  /** When the server received it (ISO 8601, the server's clock). */
  receivedAt: z.string(),
  /** Lowercase hex SHA-256 of the stored JPEG, exactly the bytes imageUrl serves. */
  sha256: z.string(),
  /** The report area it was taken in; null in a blank report. */
  areaId: z.number().nullable(),
  /** The member whose session uploaded it; null only for a photo whose member record is gone. */
  takenBy: MemberRefSchema.nullable(),
  /** spec §3: a data URL of the JPEG. Left out with ?images=url (the app's own pages use that form). */
  imageData: z.string().optional(),
});
export type Photo = z.infer<typeof PhotoSchema>;

export const PhotoPairSchema = z.object({
  id: z.number(),
  beforePhotoId: z.number(),
  afterPhotoId: z.number(),
  beforePhoto: PhotoSchema,
  afterPhoto: PhotoSchema,
  createdAt: z.string(),
});
export type PhotoPair = z.infer<typeof PhotoPairSchema>;

/** One entry of GET /api/projects (newest first). */
export const ProjectSummarySchema = z.object({
  id: z.number(),
  clientName: z.string(),
  /** The client the report is for; null when none (or that client was deleted). */
  clientId: z.number().nullable(),
  description: z.string(),
  createdAt: z.string(),
  photoCount: z.number(),
  pairCount: z.number(),
  /** The template it was made from; null for a blank report. */
  templateId: z.string().nullable(),
  /** 'finished' once the job is closed: no new photos or pairs until it is reopened. */
  status: z.enum(['open', 'finished']),
  finishedAt: z.string().nullable(),
  /** The client's issues not yet resolved. */
  openIssueCount: z.number(),
  /** When the client last approved it through a link (the report may have changed since); null when never. */
  approvedAt: z.string().nullable(),
  /** The member who made it. */
  createdBy: MemberRefSchema.nullable(),
  /** The member it is assigned to, or null. */
  assigneeId: z.number().nullable(),
  /** That member's id and name, for a list that shows who the job is for (a cleaner cannot read the team). */
  assignee: MemberRefSchema.nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const SkipReasonSchema = z.enum(['no_access', 'occupied', 'not_in_scope', 'other'], { error: issueCode('skip_reason_invalid') });
export type SkipReason = z.infer<typeof SkipReasonSchema>;

/** One area (room) of a report made from a template, in template order. */
export const ProjectAreaSchema = z.object({
  id: z.number(),
  /** Unique in the report: its template area's key ("kitchen", "bedroom-2" for a repeated one). */
  key: z.string(),
  name: z.string(),
  minBefore: z.number(),
  minAfter: z.number(),
  skipped: z.object({ reason: SkipReasonSchema, note: z.string().nullable() }).nullable(),
});
export type ProjectArea = z.infer<typeof ProjectAreaSchema>;

/** GET /api/projects/{id}: the project with its photos (taken order), pairs and areas (none in a blank report). */
export const ProjectSchema = ProjectSummarySchema.extend({
  areas: z.array(ProjectAreaSchema),
  photos: z.array(PhotoSchema),
  photoPairs: z.array(PhotoPairSchema),
  /** The client's answers on its links. */
  approval: ApprovalSchema.nullable(),
  issues: z.array(ClientIssueSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

const ClientNameSchema = z
  .string({ error: issueCode('client_name_not_text') })
  .trim()
  .max(CLIENT_NAME_MAX_LENGTH, issueCode('client_name_too_long'));
const DescriptionSchema = z
  .string({ error: issueCode('description_not_text') })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, issueCode('description_too_long'));

const ClientIdSchema = z
  .number({ error: issueCode('client_id_invalid') })
  .int(issueCode('client_id_invalid'))
  .positive(issueCode('client_id_invalid'))
  .max(2_147_483_647, issueCode('client_id_invalid'));

const RoomCountSchema = z
  .number({ error: issueCode('room_count_invalid') })
  .int(issueCode('room_count_invalid'))
  .min(0, issueCode('room_count_invalid'))
  .max(ROOM_COUNT_MAX, issueCode('room_count_invalid'));

/** With a clientId and no clientName, the report takes the client's name. */
export const CreateProjectBodySchema = z
  .object({
    clientName: ClientNameSchema.optional(),
    description: DescriptionSchema.default(''),
    clientId: ClientIdSchema.optional(),
    /** A built-in template's id or an own template's; left out for a blank report. */
    templateId: z
      .string({ error: issueCode('template_not_found') })
      .min(1, issueCode('template_not_found'))
      .max(40, issueCode('template_not_found'))
      .optional(),
    /** How many "Bedroom n" and "Bathroom n" areas the template's repeated areas make (1 when not given). */
    bedrooms: RoomCountSchema.optional(),
    bathrooms: RoomCountSchema.optional(),
  })
  .refine((body) => body.templateId !== undefined || (body.bedrooms === undefined && body.bathrooms === undefined), {
    message: issueCode('room_count_without_template'),
  });
export type CreateProjectBody = z.infer<typeof CreateProjectBodySchema>;

/** clientId null unlinks the report (its clientName stays). */
export const UpdateProjectBodySchema = z
  .object({
    clientName: ClientNameSchema.optional(),
    description: DescriptionSchema.optional(),
    clientId: ClientIdSchema.nullable().optional(),
    /** A member of the business, or null to unassign (owner and manager only). */
    assigneeId: z
      .number({ error: issueCode('assignee_id_invalid') })
      .int(issueCode('assignee_id_invalid'))
      .positive(issueCode('assignee_id_invalid'))
      .nullable()
      .optional(),
  })
  .refine((body) => body.clientName !== undefined || body.description !== undefined || body.clientId !== undefined || body.assigneeId !== undefined, {
    message: issueCode('project_update_empty'),
  });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBodySchema>;

/** GET /api/projects: no query answers the whole list; limit, before, q and clientId page, search and filter it. */
export const ProjectListQuerySchema = ListQuerySchema.extend({
  clientId: queryIdSchema('client_id_invalid').describe("Only this client's reports").optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

/** GET /api/projects/{id}?images=url leaves imageData out. */
export const ProjectQuerySchema = z.object({ images: z.enum(['data', 'url'], { error: issueCode('images_form_invalid') }).default('data') });

/**
 * POST /api/projects/{id}/photos, the spec's form: JSON { type, imageData } with a data URL.
 * The app's own client sends the JPEG bytes instead (Content-Type image/jpeg, ?type=before|after).
 */
/**
 * When the photo was taken: ISO 8601 with a zone. Malformed is a 400; a well-formed time more than
 * 30 days old or more than 1 day ahead of the server's clock is stored as null (src/shared/capture-time.ts).
 */
export const CapturedAtSchema = z
  .string({ error: issueCode('captured_at_invalid') })
  .refine((value) => parseIsoInstant(value) !== null, issueCode('captured_at_invalid'))
  .describe('When the photo was taken, ISO 8601 with a zone (e.g. 2026-11-21T09:14:00Z)');

/**
 * Shoot-to-pair: the before photo an after was lined up with. The pair is made with the photo, in
 * one transaction; when that before is no longer an unpaired before of this report, the photo is
 * still stored, unpaired.
 */
const PairWithSchema = z
  .number({ error: issueCode('pair_with_invalid') })
  .int(issueCode('pair_with_invalid'))
  .positive(issueCode('pair_with_invalid'))
  .max(2_147_483_647, issueCode('pair_with_invalid'))
  .describe('With an after photo: the id of the unpaired before photo to pair it with as it is stored');
/** The same in a query string: plain digits, one canonical way (as in a path). */
const PairWithQuerySchema = z
  .string({ error: issueCode('pair_with_invalid') })
  .regex(/^[1-9][0-9]{0,9}$/, issueCode('pair_with_invalid'))
  .transform(Number)
  .pipe(PairWithSchema)
  .describe('With an after photo: the id of the unpaired before photo to pair it with as it is stored');

const AreaIdSchema = z
  .number({ error: issueCode('area_id_invalid') })
  .int(issueCode('area_id_invalid'))
  .positive(issueCode('area_id_invalid'))
  .max(2_147_483_647, issueCode('area_id_invalid'))
  .describe('The report area the photo is of: required in a report made from a template, refused in a blank one');
const AreaIdQuerySchema = z
  .string({ error: issueCode('area_id_invalid') })
  .regex(/^[1-9][0-9]{0,9}$/, issueCode('area_id_invalid'))
  .transform(Number)
  .pipe(AreaIdSchema)
  .describe('The report area the photo is of: required in a report made from a template, refused in a blank one');

export const AddPhotoBodySchema = z.object({
  type: PhotoTypeSchema,
  imageData: z.string({ error: issueCode('image_data_required') }).min(1, issueCode('image_data_required')),
  capturedAt: CapturedAtSchema.optional(),
  pairWith: PairWithSchema.optional(),
  areaId: AreaIdSchema.optional(),
});
export type AddPhotoBody = z.infer<typeof AddPhotoBodySchema>;
export const AddPhotoQuerySchema = z.object({
  type: PhotoTypeSchema,
  capturedAt: CapturedAtSchema.optional(),
  pairWith: PairWithQuerySchema.optional(),
  areaId: AreaIdQuerySchema.optional(),
});

/** The stored photo, and the pair it joined as it was stored (pairWith); null when it is in none. */
export const AddedPhotoSchema = PhotoSchema.extend({ pairId: z.number().nullable() });
export type AddedPhoto = z.infer<typeof AddedPhotoSchema>;

/** 1–200 printable ASCII characters; the app sends a UUID per kept photo. */
export const IdempotencyKeySchema = z
  .string({ error: issueCode('idempotency_key_invalid') })
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/, issueCode('idempotency_key_invalid'))
  .describe('The same key from the same user stores the photo once: a repeat answers 200 with the photo already stored (kept at least 7 days)');
export const AddPhotoHeadersSchema = z.object({ 'Idempotency-Key': IdempotencyKeySchema.optional() });
export const CreateProjectHeadersSchema = z.object({
  'Idempotency-Key': IdempotencyKeySchema.describe(
    'The same key from the same user makes the report once: a repeat answers 200 with that report (kept at least 7 days)',
  ).optional(),
});

/** The message names the field (the server's 400 words it from the issue's path). */
const PhotoIdSchema = () =>
  z
    .number({ error: issueCode('photo_id_invalid') })
    .int(issueCode('photo_id_invalid'))
    .positive(issueCode('photo_id_invalid'))
    .max(2_147_483_647, issueCode('photo_id_invalid'));

export const CreatePhotoPairBodySchema = z.object({
  beforePhotoId: PhotoIdSchema(),
  afterPhotoId: PhotoIdSchema(),
});
export type CreatePhotoPairBody = z.infer<typeof CreatePhotoPairBodySchema>;

export const AutoPairResponseSchema = z.object({ pairsCreated: z.number() });
export type AutoPairResponse = z.infer<typeof AutoPairResponseSchema>;

const PhotoUploadQuerySchema = z.object({
  type: PhotoTypeSchema.optional().describe('Required with raw bytes: before or after'),
  capturedAt: CapturedAtSchema.optional().describe('With raw bytes: when the photo was taken, ISO 8601 with a zone'),
  pairWith: PairWithQuerySchema.optional(),
  areaId: AreaIdQuerySchema.optional(),
});

export const SkipAreaBodySchema = z.object({
  reason: SkipReasonSchema,
  note: z
    .string({ error: issueCode('skip_note_too_long') })
    .trim()
    .max(SKIP_NOTE_MAX_LENGTH, issueCode('skip_note_too_long'))
    .optional(),
});
export type SkipAreaBody = z.infer<typeof SkipAreaBodySchema>;

export const AreaParamsSchema = z.object({ id: IdParamSchema.shape.id, areaId: IdParamSchema.shape.id });

/** An area the finish gate is still waiting for: its photos so far against its minimums. */
export const MissingAreaSchema = z.object({
  areaId: z.number(),
  name: z.string(),
  before: z.number(),
  after: z.number(),
  minBefore: z.number(),
  minAfter: z.number(),
});
export type MissingArea = z.infer<typeof MissingAreaSchema>;

export const projectRoutes = {
  listProjects: defineRoute({
    method: 'GET',
    path: '/api/projects',
    summary: "The user's reports, newest first. ?limit=1..100&before={id} pages by id; q searches client name and description; clientId filters",
    access: 'member',
    query: ProjectListQuerySchema,
    response: z.array(ProjectSummarySchema),
  }),
  createProject: defineRoute({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a report (402 without access). With an Idempotency-Key, a repeat answers 200 with the report the first request made',
    access: 'member',
    headers: CreateProjectHeadersSchema,
    body: CreateProjectBodySchema,
    status: 201,
    repeatStatus: 200,
    response: ProjectSchema,
  }),
  getProject: defineRoute({
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'One report with its photos and pairs (?images=url leaves imageData out)',
    access: 'member',
    params: IdParamSchema,
    query: ProjectQuerySchema,
    response: ProjectSchema,
  }),
  updateProject: defineRoute({
    method: 'PATCH',
    path: '/api/projects/:id',
    summary: "Change a report's client name, description or client (clientId null unlinks)",
    access: 'member',
    params: IdParamSchema,
    body: UpdateProjectBodySchema,
    response: ProjectSummarySchema,
  }),
  deleteProject: defineRoute({
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a report with its photos and pairs (a cleaner may not)',
    access: 'manager',
    params: IdParamSchema,
    response: MessageResponseSchema,
  }),
  getReportPdf: defineRoute({
    method: 'GET',
    path: '/api/projects/:id/report.pdf',
    summary: 'The branded PDF report (402 without access, 409 without a pair or business name)',
    access: 'member',
    params: IdParamSchema,
    fileTypes: ['application/pdf'],
  }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/photos',
    summary:
      'Add a photo: JSON { type, imageData, capturedAt?, pairWith? } or the image bytes with ?type=&capturedAt=&pairWith= (402 without access). pairWith pairs an after with that unpaired before as it is stored (pairId in the answer; a before no longer unpaired leaves the photo stored, unpaired). With an Idempotency-Key, a repeat answers 200 with the photo already stored; the key with a different photo is a 409',
    access: 'member',
    params: IdParamSchema,
    query: PhotoUploadQuerySchema,
    headers: AddPhotoHeadersSchema,
    body: AddPhotoBodySchema,
    rawBodyTypes: PHOTO_UPLOAD_CONTENT_TYPES,
    status: 201,
    repeatStatus: 200,
    response: AddedPhotoSchema,
  }),
  deletePhoto: defineRoute({
    method: 'DELETE',
    path: '/api/photos/:id',
    summary: 'Delete a photo (its pair goes with it)',
    access: 'member',
    params: IdParamSchema,
    response: MessageResponseSchema,
  }),
  getPhotoImage: defineRoute({
    method: 'GET',
    path: '/api/photos/:id/image',
    summary: 'The stored JPEG (within 1024x768)',
    access: 'member',
    params: IdParamSchema,
    fileTypes: ['image/jpeg'],
  }),
  getPhotoThumbnail: defineRoute({
    method: 'GET',
    path: '/api/photos/:id/thumbnail',
    summary: 'A 320 px WebP thumbnail',
    access: 'member',
    params: IdParamSchema,
    fileTypes: ['image/webp'],
  }),
  createPhotoPair: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/photo-pairs',
    summary: 'Pair one before and one after photo',
    access: 'member',
    params: IdParamSchema,
    body: CreatePhotoPairBodySchema,
    status: 201,
    response: PhotoPairSchema,
  }),
  autoPairAll: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/auto-pair-all',
    summary: 'Pair the unpaired befores and afters in the order taken',
    access: 'member',
    params: IdParamSchema,
    response: AutoPairResponseSchema,
  }),
  skipArea: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/areas/:areaId/skip',
    summary: 'Skip an area with a reason (no_access, occupied, not_in_scope, other) and an optional note; the finish gate no longer waits for it',
    access: 'member',
    params: AreaParamsSchema,
    body: SkipAreaBodySchema,
    response: ProjectAreaSchema,
  }),
  unskipArea: defineRoute({
    method: 'DELETE',
    path: '/api/projects/:id/areas/:areaId/skip',
    summary: 'Undo skipping an area',
    access: 'member',
    params: AreaParamsSchema,
    response: ProjectAreaSchema,
  }),
  finishProject: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/finish',
    summary:
      'Finish the job: 409 areas_incomplete with the missing list while an area is neither skipped nor at its minimum before and after photos; a blank report has no gate',
    access: 'member',
    params: IdParamSchema,
    response: ProjectSchema,
  }),
  reopenProject: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/reopen',
    summary: 'Open a finished job again (photos and pairs can be added again)',
    access: 'member',
    params: IdParamSchema,
    response: ProjectSchema,
  }),
  deletePhotoPair: defineRoute({
    method: 'DELETE',
    path: '/api/photo-pairs/:id',
    summary: 'Delete a pair (both photos stay, unpaired)',
    access: 'member',
    params: IdParamSchema,
    response: MessageResponseSchema,
  }),
};
