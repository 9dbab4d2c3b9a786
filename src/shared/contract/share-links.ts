// Client links: the owner makes a link to a report; whoever holds it sees the report's
// pairs at /r/{token} and downloads its PDF, without an account, until it expires or is revoked.
import { z } from 'zod';
import { IdParamSchema } from './common.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';
import { ApprovalSchema, ClientIssueSchema } from './client-answers.js';

export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 90;
/** Live (neither expired nor revoked) links one report may have at once. */
export const MAX_LIVE_SHARE_LINKS_PER_PROJECT = 20;

export const ShareLinkSchema = z.object({
  id: z.number(),
  /** At least 128 random bits; the page is `url`, APP_URL + /r/{token}. */
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastOpenedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

const DAYS_MESSAGE = issueCode('expires_in_days_invalid');

export const CreateShareLinkBodySchema = z.object({
  expiresInDays: z
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(SHARE_LINK_MAX_DAYS, DAYS_MESSAGE)
    .default(SHARE_LINK_DEFAULT_DAYS),
});
export type CreateShareLinkBody = z.input<typeof CreateShareLinkBodySchema>;

/** One photo as the client sees it: the URLs are under /api/shared/{token}/ and die with the link. */
export const SharedPhotoSchema = z.object({
  /** The stored JPEG (within 1024x768). */
  imageUrl: z.string(),
  /** A 320 px WebP, shown first. */
  thumbnailUrl: z.string(),
  /** The stored JPEG's pixel width and height, and the thumbnail's width: the page's srcset. */
  width: z.number().int(),
  height: z.number().int(),
  thumbnailWidth: z.number().int(),
  /** When it was taken (ISO 8601), null when unknown. */
  capturedAt: z.string().nullable(),
  /** The crew member who took it (their name only); null in a business of one. */
  takenBy: z.string().nullable(),
});
export type SharedPhoto = z.infer<typeof SharedPhotoSchema>;

export const SharedReportSchema = z.object({
  businessName: z.string(),
  businessLogoUrl: z.string().nullable(),
  clientName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** In the order the editor and the PDF show them; areaId names the report area of both photos (null in a blank report). */
  pairs: z.array(z.object({ id: z.number(), before: SharedPhotoSchema, after: SharedPhotoSchema, areaId: z.number().nullable() })),
  /** A report made from a template: its areas in template order (pairs are shown under them); empty for a blank report. */
  areas: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** The pairs its minimums ask for. */
      required: z.number(),
      skipped: z.object({ reason: z.enum(['no_access', 'occupied', 'not_in_scope', 'other']), note: z.string().nullable() }).nullable(),
    }),
  ),
  pdfUrl: z.string(),
  /** The client's approval of this report, null when none. */
  approval: ApprovalSchema.nullable(),
  issues: z.array(ClientIssueSchema),
  /** Until when new issues are taken (the re-clean window from the first open; already past when the owner turned it off); null while not opened yet. */
  windowEndsAt: z.string().nullable(),
  /** The business's review page, for every client whatever their rating. */
  reviewUrl: z.string().nullable(),
});
export type SharedReport = z.infer<typeof SharedReportSchema>;

/** Any text: a malformed token is answered like an unknown one (404), never with a 400 that tells them apart. */
export const SharedTokenParamSchema = z.object({ token: z.string() });
export const SharedPhotoParamSchema = SharedTokenParamSchema.extend({ photoId: IdParamSchema.shape.id });

const SHARED = 'Public, by the token: 410 once the link expired or was revoked, 404 for an unknown token';

export const shareLinkRoutes = {
  createShareLink: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/share-links',
    summary: `Make a client link to a report (402 without access, 409 without a pair or with ${MAX_LIVE_SHARE_LINKS_PER_PROJECT} live links)`,
    access: 'member',
    params: IdParamSchema,
    body: CreateShareLinkBodySchema,
    status: 201,
    response: ShareLinkSchema,
  }),
  listShareLinks: defineRoute({
    method: 'GET',
    path: '/api/projects/:id/share-links',
    summary: "The report's client links, newest first",
    access: 'member',
    params: IdParamSchema,
    response: z.array(ShareLinkSchema),
  }),
  revokeShareLink: defineRoute({
    method: 'DELETE',
    path: '/api/share-links/:id',
    summary: 'Revoke a client link: it stops working everywhere at once',
    access: 'member',
    params: IdParamSchema,
    response: ShareLinkSchema,
  }),
  getSharedReport: defineRoute({
    method: 'GET',
    path: '/api/shared/:token',
    summary: `The shared report (marks the link opened). ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    response: SharedReportSchema,
  }),
  getSharedReportPdf: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/report.pdf',
    summary: `The same PDF the owner gets. ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    fileTypes: ['application/pdf'],
  }),
  getSharedPhotoImage: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/photos/:photoId/image',
    summary: `A paired photo of the report, full size. ${SHARED}`,
    access: 'public',
    params: SharedPhotoParamSchema,
    fileTypes: ['image/jpeg'],
  }),
  getSharedPreviewImage: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/preview.jpg',
    summary: `The link preview picture: the first pair's before and after side by side, 1200x630 JPEG. ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    fileTypes: ['image/jpeg'],
  }),
  getSharedPhotoThumbnail: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/photos/:photoId/thumbnail',
    summary: `A paired photo of the report, 320 px WebP. ${SHARED}`,
    access: 'public',
    params: SharedPhotoParamSchema,
    fileTypes: ['image/webp'],
  }),
  getSharedLogo: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/logo',
    summary: `The business logo. ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    fileTypes: ['image/png', 'image/jpeg'],
  }),
};
