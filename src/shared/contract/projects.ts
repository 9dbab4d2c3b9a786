// Projects (reports), photos and pairs: spec §3 and §7, plus DESIGN.md's image URLs.
import { z } from 'zod';
import { CLIENT_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../rules.js';
import { PHOTO_UPLOAD_CONTENT_TYPES } from '../images.js';
import { CAPTURED_AT_MESSAGE, parseIsoInstant } from '../capture-time.js';
import { IdParamSchema, MessageResponseSchema } from './common.js';
import { defineRoute } from './route.js';

export const PhotoTypeSchema = z.enum(['before', 'after'], { error: "type must be 'before' or 'after'" });
export type PhotoType = z.infer<typeof PhotoTypeSchema>;

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
  /** When it was taken (ISO 8601), from the device or the file's EXIF date; null when unknown or implausible (issue 13). */
  capturedAt: z.string().nullable(),
  /** When the server received it (ISO 8601, the server's clock). */
  receivedAt: z.string(),
  /** Lowercase hex SHA-256 of the stored JPEG, exactly the bytes imageUrl serves. */
  sha256: z.string(),
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
  description: z.string(),
  createdAt: z.string(),
  photoCount: z.number(),
  pairCount: z.number(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** GET /api/projects/{id}: the project with its photos (taken order) and pairs. */
export const ProjectSchema = ProjectSummarySchema.extend({
  photos: z.array(PhotoSchema),
  photoPairs: z.array(PhotoPairSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

const ClientNameSchema = z.string({ error: 'clientName must be text' }).trim().max(CLIENT_NAME_MAX_LENGTH, `Client name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`);
const DescriptionSchema = z.string({ error: 'description must be text' }).trim().max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

export const CreateProjectBodySchema = z.object({
  clientName: ClientNameSchema.default(''),
  description: DescriptionSchema.default(''),
});
export type CreateProjectBody = z.infer<typeof CreateProjectBodySchema>;

export const UpdateProjectBodySchema = z
  .object({ clientName: ClientNameSchema.optional(), description: DescriptionSchema.optional() })
  .refine((body) => body.clientName !== undefined || body.description !== undefined, { message: 'Send clientName or description to update' });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBodySchema>;

/** GET /api/projects/{id}?images=url leaves imageData out. */
export const ProjectQuerySchema = z.object({ images: z.enum(['data', 'url'], { error: "images must be 'data' or 'url'" }).default('data') });

/**
 * POST /api/projects/{id}/photos, the spec's form: JSON { type, imageData } with a data URL.
 * The app's own client sends the JPEG bytes instead (Content-Type image/jpeg, ?type=before|after).
 */
/**
 * When the photo was taken: ISO 8601 with a zone. Malformed is a 400; a well-formed time more than
 * 30 days old or more than 1 day ahead of the server's clock is stored as null (src/shared/capture-time.ts).
 */
export const CapturedAtSchema = z
  .string({ error: CAPTURED_AT_MESSAGE })
  .refine((value) => parseIsoInstant(value) !== null, CAPTURED_AT_MESSAGE)
  .describe('When the photo was taken, ISO 8601 with a zone (e.g. 2026-11-21T09:14:00Z)');

export const AddPhotoBodySchema = z.object({
  type: PhotoTypeSchema,
  imageData: z.string({ error: 'imageData must be a data URL of an image' }).min(1, 'imageData must be a data URL of an image'),
  capturedAt: CapturedAtSchema.optional(),
});
export type AddPhotoBody = z.infer<typeof AddPhotoBodySchema>;
export const AddPhotoQuerySchema = z.object({ type: PhotoTypeSchema, capturedAt: CapturedAtSchema.optional() });

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable characters, such as a UUID';
/** 1–200 printable ASCII characters; the app sends a UUID per kept photo. */
export const IdempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/, IDEMPOTENCY_KEY_MESSAGE)
  .describe('The same key from the same user stores the photo once: a repeat answers 200 with the photo already stored (kept at least 7 days)');
export const AddPhotoHeadersSchema = z.object({ 'Idempotency-Key': IdempotencyKeySchema.optional() });

const PhotoIdSchema = (name: string) => z.number({ error: `${name} must be a photo id` }).int(`${name} must be a photo id`).positive(`${name} must be a photo id`).max(2_147_483_647, `${name} must be a photo id`);

export const CreatePhotoPairBodySchema = z.object({
  beforePhotoId: PhotoIdSchema('beforePhotoId'),
  afterPhotoId: PhotoIdSchema('afterPhotoId'),
});
export type CreatePhotoPairBody = z.infer<typeof CreatePhotoPairBodySchema>;

export const AutoPairResponseSchema = z.object({ pairsCreated: z.number() });
export type AutoPairResponse = z.infer<typeof AutoPairResponseSchema>;

const PhotoUploadQuerySchema = z.object({
  type: PhotoTypeSchema.optional().describe('Required with raw bytes: before or after'),
  capturedAt: CapturedAtSchema.optional().describe('With raw bytes: when the photo was taken, ISO 8601 with a zone'),
});

export const projectRoutes = {
  listProjects: defineRoute({ method: 'GET', path: '/api/projects', summary: "The user's reports, newest first", access: 'user', response: z.array(ProjectSummarySchema) }),
  createProject: defineRoute({ method: 'POST', path: '/api/projects', summary: 'Create a report (402 without access)', access: 'user', body: CreateProjectBodySchema, status: 201, response: ProjectSchema }),
  getProject: defineRoute({ method: 'GET', path: '/api/projects/:id', summary: 'One report with its photos and pairs (?images=url leaves imageData out)', access: 'user', params: IdParamSchema, query: ProjectQuerySchema, response: ProjectSchema }),
  updateProject: defineRoute({ method: 'PATCH', path: '/api/projects/:id', summary: "Change a report's client name or description", access: 'user', params: IdParamSchema, body: UpdateProjectBodySchema, response: ProjectSummarySchema }),
  deleteProject: defineRoute({ method: 'DELETE', path: '/api/projects/:id', summary: 'Delete a report with its photos and pairs', access: 'user', params: IdParamSchema, response: MessageResponseSchema }),
  getReportPdf: defineRoute({ method: 'GET', path: '/api/projects/:id/report.pdf', summary: 'The branded PDF report (402 without access, 409 without a pair or business name)', access: 'user', params: IdParamSchema, fileTypes: ['application/pdf'] }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/photos',
    summary:
      'Add a photo: JSON { type, imageData, capturedAt? } or the image bytes with ?type=&capturedAt= (402 without access). With an Idempotency-Key, a repeat answers 200 with the photo already stored; the key with a different photo is a 409',
    access: 'user',
    params: IdParamSchema,
    query: PhotoUploadQuerySchema,
    headers: AddPhotoHeadersSchema,
    body: AddPhotoBodySchema,
    rawBodyTypes: PHOTO_UPLOAD_CONTENT_TYPES,
    status: 201,
    repeatStatus: 200,
    response: PhotoSchema,
  }),
  deletePhoto: defineRoute({ method: 'DELETE', path: '/api/photos/:id', summary: 'Delete a photo (its pair goes with it)', access: 'user', params: IdParamSchema, response: MessageResponseSchema }),
  getPhotoImage: defineRoute({ method: 'GET', path: '/api/photos/:id/image', summary: 'The stored JPEG (within 1024x768)', access: 'user', params: IdParamSchema, fileTypes: ['image/jpeg'] }),
  getPhotoThumbnail: defineRoute({ method: 'GET', path: '/api/photos/:id/thumbnail', summary: 'A 320 px WebP thumbnail', access: 'user', params: IdParamSchema, fileTypes: ['image/webp'] }),
  createPhotoPair: defineRoute({ method: 'POST', path: '/api/projects/:id/photo-pairs', summary: 'Pair one before and one after photo', access: 'user', params: IdParamSchema, body: CreatePhotoPairBodySchema, status: 201, response: PhotoPairSchema }),
  autoPairAll: defineRoute({ method: 'POST', path: '/api/projects/:id/auto-pair-all', summary: 'Pair the unpaired befores and afters in the order taken', access: 'user', params: IdParamSchema, response: AutoPairResponseSchema }),
  deletePhotoPair: defineRoute({ method: 'DELETE', path: '/api/photo-pairs/:id', summary: 'Delete a pair (both photos stay, unpaired)', access: 'user', params: IdParamSchema, response: MessageResponseSchema }),
};
