// Account settings: spec §5 (business name) and §7 (PATCH and PUT /api/user/business-name).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules.js';
import { BusinessNameSchema, UserSchema } from './auth.js';
import { MessageResponseSchema } from './common.js';
import { issueCode } from './issue-code.js';
import { LOGO_UPLOAD_CONTENT_TYPES } from '../images.js';
import { defineRoute } from './route.js';
import { UpdatePreferencesBodySchema } from './preferences.js';

/** Both methods take the same body; the answer is the updated user. */
export const UpdateBusinessNameBodySchema = z.object({ businessName: BusinessNameSchema });
export type UpdateBusinessNameBody = z.infer<typeof UpdateBusinessNameBodySchema>;

/** Deleting the account asks for the password again: a session left open on a shared phone is not enough. */
export const DeleteAccountBodySchema = z.object({
  password: z
    .string({ error: issueCode('password_required') })
    .min(1, issueCode('password_required'))
    .max(PASSWORD_MAX_LENGTH, issueCode('sign_in_password_too_long')),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const accountRoutes = {
  updateBusinessName: defineRoute({
    method: 'PATCH',
    path: '/api/user/business-name',
    summary: 'Change the business name (dialogs)',
    access: 'manager',
    body: UpdateBusinessNameBodySchema,
    response: UserSchema,
  }),
  replaceBusinessName: defineRoute({
    method: 'PUT',
    path: '/api/user/business-name',
    summary: 'Change the business name (/account)',
    access: 'manager',
    body: UpdateBusinessNameBodySchema,
    response: UserSchema,
  }),
  uploadLogo: defineRoute({
    method: 'POST',
    path: '/api/user/logo',
    summary: 'Upload the business logo as PNG or JPEG bytes',
    access: 'manager',
    rawBodyTypes: LOGO_UPLOAD_CONTENT_TYPES,
    response: UserSchema,
  }),
  getLogo: defineRoute({ method: 'GET', path: '/api/user/logo', summary: 'The business logo', access: 'member', fileTypes: LOGO_UPLOAD_CONTENT_TYPES }),
  updatePreferences: defineRoute({
    method: 'PATCH',
    path: '/api/user/preferences',
    summary: "Change the language (locale), the time zone of PDFs and emails, and the member's name",
    access: 'member',
    body: UpdatePreferencesBodySchema,
    response: UserSchema,
  }),
  deleteLogo: defineRoute({ method: 'DELETE', path: '/api/user/logo', summary: 'Remove the business logo', access: 'manager', response: UserSchema }),
  exportAccount: defineRoute({
    method: 'GET',
    path: '/api/account/export',
    summary:
      "Everything of the account as one ZIP, streamed: each report's photos, PDF and report.json, reports.csv, clients.csv and a README (no subscription needed). Export-Size-Estimate: about how many bytes it will be. 429 export_in_progress while one is downloading",
    access: 'owner',
    fileTypes: ['application/zip'],
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/user',
    summary:
      'Delete the account and everything in it (reports, photos, client links, logo, sessions, reset links); a subscription is cancelled at the end of its period. 403 wrong_password',
    access: 'owner',
    body: DeleteAccountBodySchema,
    response: MessageResponseSchema,
  }),
};
