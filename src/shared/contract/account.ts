// Account settings: spec §5 (business name) and §7 (PATCH and PUT /api/user/business-name).
import { z } from 'zod';
import { BusinessNameSchema, UserSchema } from './auth.js';
import { LOGO_UPLOAD_CONTENT_TYPES } from '../images.js';
import { defineRoute } from './route.js';
import { UpdatePreferencesBodySchema } from './preferences.js';

/** Both methods take the same body; the answer is the updated user. */
export const UpdateBusinessNameBodySchema = z.object({ businessName: BusinessNameSchema });
export type UpdateBusinessNameBody = z.infer<typeof UpdateBusinessNameBodySchema>;


export const accountRoutes = {
  updateBusinessName: defineRoute({ method: 'PATCH', path: '/api/user/business-name', summary: 'Change the business name (dialogs)', access: 'user', body: UpdateBusinessNameBodySchema, response: UserSchema }),
  replaceBusinessName: defineRoute({ method: 'PUT', path: '/api/user/business-name', summary: 'Change the business name (/account)', access: 'user', body: UpdateBusinessNameBodySchema, response: UserSchema }),
  uploadLogo: defineRoute({ method: 'POST', path: '/api/user/logo', summary: 'Upload the business logo as PNG or JPEG bytes', access: 'user', rawBodyTypes: LOGO_UPLOAD_CONTENT_TYPES, response: UserSchema }),
  getLogo: defineRoute({ method: 'GET', path: '/api/user/logo', summary: 'The business logo', access: 'user', fileTypes: LOGO_UPLOAD_CONTENT_TYPES }),
  updatePreferences: defineRoute({ method: 'PATCH', path: '/api/user/preferences', summary: 'Change the language (locale) and the time zone of PDFs and emails', access: 'user', body: UpdatePreferencesBodySchema, response: UserSchema }),
  deleteLogo: defineRoute({ method: 'DELETE', path: '/api/user/logo', summary: 'Remove the business logo', access: 'user', response: UserSchema }),
};
