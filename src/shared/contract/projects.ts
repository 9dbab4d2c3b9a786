// Projects (reports), photos and pairs: spec §3 and §7, plus DESIGN.md's image URLs.
import { z } from 'zod';
import { CLIENT_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../rules.js';

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
export const AddPhotoBodySchema = z.object({
  type: PhotoTypeSchema,
  imageData: z.string({ error: 'imageData must be a data URL of an image' }).min(1, 'imageData must be a data URL of an image'),
});
export type AddPhotoBody = z.infer<typeof AddPhotoBodySchema>;
export const AddPhotoQuerySchema = z.object({ type: PhotoTypeSchema });
/** Content types the raw-bytes form accepts (HEIC only where the server's decoder reads it). */
export const PHOTO_UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;
/** An uploaded photo's bytes (raw, or decoded from the data URL) may be at most this large. */
export const MAX_PHOTO_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding refuses images with more pixels than this (pixel bombs); 48-50 MP phone photos pass. */
export const MAX_PHOTO_INPUT_PIXELS = 50_000_000;

const PhotoIdSchema = (name: string) => z.number({ error: `${name} must be a photo id` }).int(`${name} must be a photo id`).positive(`${name} must be a photo id`).max(2_147_483_647, `${name} must be a photo id`);

export const CreatePhotoPairBodySchema = z.object({
  beforePhotoId: PhotoIdSchema('beforePhotoId'),
  afterPhotoId: PhotoIdSchema('afterPhotoId'),
});
export type CreatePhotoPairBody = z.infer<typeof CreatePhotoPairBodySchema>;

export const AutoPairResponseSchema = z.object({ pairsCreated: z.number() });
export type AutoPairResponse = z.infer<typeof AutoPairResponseSchema>;
