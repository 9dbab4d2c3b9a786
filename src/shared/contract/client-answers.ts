// The client closes the loop: the owner emails a report from the business, sees what happened to
// it (activity), and the client answers on the link without an account: an approval of the
// version they saw, or an issue pinned on a pair's after photo, within the re-clean window.
import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { IdParamSchema } from './common.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

export const SEND_MESSAGE_MAX_LENGTH = 1000;
/** Emails one report may be sent in 24 hours. */
export const MAX_SENDS_PER_PROJECT_PER_DAY = 20;
/** The link a send makes when none is given lives this long. */
export const SEND_LINK_DAYS = 30;
/** The PDF travels in the mail up to this size; above it the mail has the link only. */
export const MAIL_PDF_MAX_BYTES = 5 * 1024 * 1024;
export const APPROVAL_NAME_MAX_LENGTH = 100;
export const APPROVAL_COMMENT_MAX_LENGTH = 1000;
/** A drawn signature's data URL, at most this many characters. */
export const SIGNATURE_MAX_LENGTH = 200 * 1024;
export const ISSUE_NOTE_MAX_LENGTH = 1000;
/** An issue's photo: a JPEG or PNG data URL of at most 10 MB of bytes. */
export const ISSUE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const RE_CLEAN_WINDOW_DEFAULT_HOURS = 24;
export const RE_CLEAN_WINDOW_MAX_HOURS = 168;
export const REVIEW_URL_MAX_LENGTH = 500;

/** As share-links.ts's (kept here: that file imports this one). */
const SharedTokenParamSchema = z.object({ token: z.string() });

const IdSchema = z.number().int().positive().max(2_147_483_647);

export const SendProjectBodySchema = z.object({
  to: EmailSchema,
  message: z
    .string({ error: issueCode('send_message_too_long') })
    .trim()
    .max(SEND_MESSAGE_MAX_LENGTH, issueCode('send_message_too_long'))
    .optional(),
  linkId: z
    .number({ error: issueCode('link_id_invalid') })
    .pipe(IdSchema)
    .optional(),
});
export type SendProjectBody = z.input<typeof SendProjectBodySchema>;

export const SendProjectResponseSchema = z.object({ id: z.number(), sentAt: z.string(), linkId: z.number() });
export type SendProjectResponse = z.infer<typeof SendProjectResponseSchema>;

export const ACTIVITY_TYPES = ['created', 'finished', 'link_created', 'email_sent', 'link_opened', 'approved', 'issue_reported', 'issue_resolved'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ActivityEventSchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  /** Who did it, when someone is named: the client's typed name on an approval. */
  actor: z.string().optional(),
  /** What the event is about: `to` of an email, `linkId`, `device` and `count` of an open, `issueId`, … */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

export const ApprovalSchema = z.object({
  name: z.string(),
  approvedAt: z.string(),
  rating: z.number().nullable(),
  /** The report changed (pairs, client name or description) after the client approved it. */
  superseded: z.boolean(),
  reportVersion: z.string(),
  comment: z.string().nullable(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

export const ClientIssueSchema = z.object({
  id: z.number(),
  pairId: z.number(),
  x: z.number(),
  y: z.number(),
  note: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** The client's photo; on a link, only for issues sent through that link. */
  photoUrl: z.string().nullable(),
});
export type ClientIssue = z.infer<typeof ClientIssueSchema>;

/** What GET /api/projects/{id} and GET /api/shared/{token} add. */
export const ClientAnswersSchema = z.object({ approval: ApprovalSchema.nullable(), issues: z.array(ClientIssueSchema) });

const ApprovalNameSchema = z
  .string({ error: issueCode('approval_name_required') })
  .trim()
  .min(1, issueCode('approval_name_required'))
  .max(APPROVAL_NAME_MAX_LENGTH, issueCode('approval_name_too_long'));

export const ApproveBodySchema = z.object({
  name: ApprovalNameSchema,
  signature: z
    .string({ error: issueCode('signature_invalid') })
    .max(SIGNATURE_MAX_LENGTH, issueCode('signature_too_large'))
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, issueCode('signature_invalid'))
    .optional(),
  rating: z
    .number({ error: issueCode('rating_invalid') })
    .int(issueCode('rating_invalid'))
    .min(1, issueCode('rating_invalid'))
    .max(5, issueCode('rating_invalid'))
    .optional(),
  comment: z
    .string({ error: issueCode('approval_comment_too_long') })
    .trim()
    .max(APPROVAL_COMMENT_MAX_LENGTH, issueCode('approval_comment_too_long'))
    .optional(),
});
export type ApproveBody = z.input<typeof ApproveBodySchema>;
export const ApproveResponseSchema = z.object({ approvedAt: z.string(), reportVersion: z.string() });

const UnitSchema = z
  .number({ error: issueCode('issue_point_invalid') })
  .min(0, issueCode('issue_point_invalid'))
  .max(1, issueCode('issue_point_invalid'));

export const ReportIssueBodySchema = z.object({
  pairId: z.number({ error: issueCode('pair_id_invalid') }).pipe(IdSchema),
  x: UnitSchema,
  y: UnitSchema,
  note: z
    .string({ error: issueCode('issue_note_required') })
    .trim()
    .min(1, issueCode('issue_note_required'))
    .max(ISSUE_NOTE_MAX_LENGTH, issueCode('issue_note_too_long')),
  photo: z
    .string({ error: issueCode('issue_photo_invalid') })
    .regex(/^data:image\/(jpeg|png);base64,/, issueCode('issue_photo_invalid'))
    .optional(),
});
export type ReportIssueBody = z.input<typeof ReportIssueBodySchema>;
export const ReportIssueResponseSchema = z.object({ id: z.number(), createdAt: z.string() });

export const ResolveIssueBodySchema = z.object({
  note: z
    .string({ error: issueCode('issue_note_too_long') })
    .trim()
    .max(ISSUE_NOTE_MAX_LENGTH, issueCode('issue_note_too_long'))
    .optional(),
});

export const ClientAnswerSettingsSchema = z.object({
  reCleanWindowHours: z.number(),
  reviewUrl: z.string().nullable(),
});
export type ClientAnswerSettings = z.infer<typeof ClientAnswerSettingsSchema>;

export const UpdateClientAnswerSettingsBodySchema = z
  .object({
    reCleanWindowHours: z
      .number({ error: issueCode('re_clean_window_invalid') })
      .int(issueCode('re_clean_window_invalid'))
      .min(0, issueCode('re_clean_window_invalid'))
      .max(RE_CLEAN_WINDOW_MAX_HOURS, issueCode('re_clean_window_invalid'))
      .optional(),
    /** An https address, or null (or '') to remove it. */
    reviewUrl: z
      .string({ error: issueCode('review_url_invalid') })
      .trim()
      .max(REVIEW_URL_MAX_LENGTH, issueCode('review_url_invalid'))
      .refine((value) => value === '' || isHttpsUrl(value), issueCode('review_url_invalid'))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => body.reCleanWindowHours !== undefined || body.reviewUrl !== undefined, { message: issueCode('client_settings_empty') });

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const SHARED = 'Public, by the token: 410 once the link expired or was revoked, 404 for an unknown token';

export const clientAnswerRoutes = {
  sendProject: defineRoute({
    method: 'POST',
    path: '/api/projects/:id/send',
    summary: `Email the report to a client from the business (402 without access, 409 without a pair, ${MAX_SENDS_PER_PROJECT_PER_DAY} per report per day)`,
    access: 'member',
    params: IdParamSchema,
    body: SendProjectBodySchema,
    status: 202,
    response: SendProjectResponseSchema,
  }),
  getProjectActivity: defineRoute({
    method: 'GET',
    path: '/api/projects/:id/activity',
    summary: "The report's events, newest first",
    access: 'member',
    params: IdParamSchema,
    response: z.array(ActivityEventSchema),
  }),
  resolveIssue: defineRoute({
    method: 'POST',
    path: '/api/issues/:id/resolve',
    summary: "Mark a client's issue resolved, with an optional note",
    access: 'member',
    params: IdParamSchema,
    body: ResolveIssueBodySchema,
    response: ClientIssueSchema,
  }),
  getIssuePhoto: defineRoute({
    method: 'GET',
    path: '/api/issues/:id/photo',
    summary: 'The photo a client sent with an issue',
    access: 'member',
    params: IdParamSchema,
    fileTypes: ['image/jpeg'],
  }),
  getClientAnswerSettings: defineRoute({
    method: 'GET',
    path: '/api/user/client-answers',
    summary: 'The re-clean window (hours from the first open; 0 turns it off) and the review link',
    access: 'member',
    response: ClientAnswerSettingsSchema,
  }),
  updateClientAnswerSettings: defineRoute({
    method: 'PATCH',
    path: '/api/user/client-answers',
    summary: `Change the re-clean window (0 to ${RE_CLEAN_WINDOW_MAX_HOURS} hours) or the review link (https only)`,
    access: 'manager',
    body: UpdateClientAnswerSettingsBodySchema,
    response: ClientAnswerSettingsSchema,
  }),
  approveSharedReport: defineRoute({
    method: 'POST',
    path: '/api/shared/:token/approval',
    summary: `Approve the report as shown (409 already_approved). ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    body: ApproveBodySchema,
    status: 201,
    response: ApproveResponseSchema,
  }),
  reportSharedIssue: defineRoute({
    method: 'POST',
    path: '/api/shared/:token/issues',
    summary: `Say something is not right on a pair (409 window_closed after the re-clean window). ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema,
    body: ReportIssueBodySchema,
    status: 201,
    response: ReportIssueResponseSchema,
  }),
  getSharedIssuePhoto: defineRoute({
    method: 'GET',
    path: '/api/shared/:token/issues/:issueId/photo',
    summary: `The photo sent with an issue through this link. ${SHARED}`,
    access: 'public',
    params: SharedTokenParamSchema.extend({ issueId: IdParamSchema.shape.id }),
    fileTypes: ['image/jpeg'],
  }),
};
