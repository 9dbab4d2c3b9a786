// Every error the API answers with, as a stable code and its English message: one table. The
// server throws a code (`throw notFound('project_not_found')`) and answers `{ code, message }`; the
// shared zod schemas name their problems by code too (src/shared/contract/issue-code.ts), so a
// form's check and the server's 400 say the same thing. The web shows its own catalogue's text for
// the code (`error.<code>`), so rewording a message here changes nothing but the English text.
// A message that carries a number or a name is a function of the values it needs.
import { ACCESS_BLOCKED_WORDING } from './access-blocked.js';
import { INVALID_SELECTION_MESSAGE } from './pairing.js';
import { goneLinkMessage } from './shared-report-text.js';
import {
  BUSINESS_NAME_MAX_LENGTH,
  CLIENT_ADDRESS_MAX_LENGTH,
  CLIENT_NOTES_MAX_LENGTH,
  CLIENT_PHONE_MAX_LENGTH,
  LIST_LIMIT_MAX,
  SEARCH_TEXT_MAX_LENGTH,
  CLIENT_NAME_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
  TEAM_MAX_ACTIVE_MEMBERS,
} from './rules.js';
import { SUPPORTED_LOCALES } from './preferences.js';
import { CAPTURED_AT_MESSAGE } from './capture-time.js';
import { SHARE_LINK_MAX_DAYS } from './contract/share-links.js';

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

type Field = { field: string };

const ERROR_MESSAGES = {
  // The shared schemas' problems (src/shared/contract): forms and the server's 400s.
  email_required: 'Email is required',
  email_too_long: 'Email is too long',
  email_invalid: 'Please enter a valid email address',
  password_required: 'Password is required',
  password_too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  password_too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  sign_in_password_too_long: 'Password is too long',
  password_confirm_required: 'Please confirm your password',
  passwords_do_not_match: 'Passwords do not match',
  business_name_required: 'Business name is required',
  business_name_empty: 'Business name cannot be empty',
  business_name_too_long: `Business name must be at most ${BUSINESS_NAME_MAX_LENGTH} characters`,
  reset_token_required: 'Reset token is required',
  reset_token_invalid: 'Reset token is invalid',
  admin_password_required: 'Please enter the admin password.',
  admin_password_too_long: 'The admin password is too long.',
  client_secret_required: 'clientSecret is required',
  client_secret_invalid: 'clientSecret is invalid',
  language_invalid: `Language must be one of: ${SUPPORTED_LOCALES.join(', ')}`,
  time_zone_invalid: 'Time zone must be an IANA time zone name, such as Europe/Madrid',
  preferences_unknown_field: 'Only locale and timeZone can be changed here',
  preferences_empty: 'Send a locale, a timeZone, or both',
  client_name_not_text: 'clientName must be text',
  client_name_too_long: `Client name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`,
  description_not_text: 'description must be text',
  description_too_long: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  project_update_empty: 'Send clientName, description or clientId to update',
  list_limit_invalid: `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`,
  list_before_invalid: 'before must be the id of a list entry',
  search_text_too_long: `q must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`,
  client_id_invalid: 'clientId must be the id of a client',
  client_record_name_required: 'name is required',
  client_record_name_too_long: `name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`,
  client_record_name_not_text: 'name must be text',
  client_email_invalid: 'email must be a valid email address',
  client_phone_invalid: `phone may hold only digits, spaces and + ( ) - . (at most ${CLIENT_PHONE_MAX_LENGTH} characters)`,
  client_address_invalid: `address must be text of at most ${CLIENT_ADDRESS_MAX_LENGTH} characters`,
  client_notes_invalid: `notes must be text of at most ${CLIENT_NOTES_MAX_LENGTH} characters`,
  client_update_empty: 'Send name, email, phone, address or notes to update',
  images_form_invalid: "images must be 'data' or 'url'",
  photo_type_invalid: "type must be 'before' or 'after'",
  captured_at_invalid: CAPTURED_AT_MESSAGE,
  image_data_required: 'imageData must be a data URL of an image',
  idempotency_key_invalid: 'Idempotency-Key must be 1 to 200 printable characters, such as a UUID',
  photo_id_invalid: ({ field }: Field) => `${field} must be a photo id`,
  pair_with_invalid: 'pairWith must be the id of a before photo',
  pair_with_not_after: 'pairWith pairs an after photo with a before; this photo is a before',
  expires_in_days_invalid: `expiresInDays must be a whole number of days from 1 to ${SHARE_LINK_MAX_DAYS}`,
  send_message_too_long: 'The message must be at most 1,000 characters',
  link_id_invalid: 'linkId must be the id of one of this report’s client links',
  approval_name_required: 'Please type your name',
  approval_name_too_long: 'The name must be at most 100 characters',
  signature_invalid: 'signature must be a PNG data URL (data:image/png;base64,…)',
  signature_too_large: 'The signature is too large (the limit is 200 KB)',
  rating_invalid: 'rating must be a whole number from 1 to 5',
  approval_comment_too_long: 'The comment must be at most 1,000 characters',
  pair_id_invalid: 'pairId must be the id of a photo pair of this report',
  issue_point_invalid: 'x and y must be numbers from 0 to 1 (the spot on the after photo)',
  issue_note_required: 'Please say what is not right',
  issue_note_too_long: 'The note must be at most 1,000 characters',
  issue_photo_invalid: 'photo must be a JPEG or PNG data URL',
  re_clean_window_invalid: 'reCleanWindowHours must be a whole number of hours from 0 to 168',
  review_url_invalid: 'The review link must be an https:// address',
  client_settings_empty: 'Send reCleanWindowHours, reviewUrl, or both',
  assignee_id_invalid: 'assigneeId must be the id of a member of this business, or null',
  invite_role_invalid: "role must be 'manager' or 'cleaner'",
  member_role_invalid: "role must be 'owner', 'manager' or 'cleaner'",
  member_name_invalid: 'The name must be 1 to 60 characters',
  member_active_invalid: 'active must be true or false',
  member_update_empty: 'Send role, active, or both',
  id_not_number: 'The id must be a number',
  id_invalid: 'The id must be a positive whole number',
  id_too_large: 'The id is too large',
  /** A check of zod's own, without a code of ours: zod's words, after the field when it names a type. */
  invalid_field: ({ detail }: { detail: string }) => detail,
  text_has_nul: ({ field }: Field) => `${field ? `${field}: ` : ''}Text must not contain the NUL character`,

  // Requests the server cannot read
  body_too_large: ({ limit }: { limit: string }) => `The request is too large (the limit is ${limit}).`,
  content_type_unsupported: 'Unsupported content type. Send JSON.',
  body_empty: 'The request body is empty; send JSON.',
  body_invalid_json: 'The request body is not valid JSON.',
  bad_request: ({ detail }: { detail: string }) => detail || 'Bad request',
  route_not_found: ({ method, path }: { method: string; path: string }) => `No API route ${method} ${path}`,
  page_not_found: ({ path }: { path: string }) => `Not found: ${path}`,

  // Signing in and resetting a password
  not_signed_in: 'You are not signed in. Please sign in again.',
  forbidden: 'Your role in this business does not allow this.',
  foreign_origin: `This request must come from the ${PRODUCT_NAME} app itself.`,
  invalid_login: 'Invalid email or password',
  duplicate_email: 'An account with this email already exists. Please sign in instead.',
  sign_in_queue_full: 'Too many sign-ins at once. Please try again in a moment.',
  reset_link_invalid: 'This reset link is not valid. Please request a new one.',
  reset_link_used: 'This reset link has already been used. Please request a new one.',
  reset_link_expired: 'This reset link has expired. Please request a new one.',
  reset_link_sent: 'If an account exists for that email, we have sent a link to reset your password. It works for one hour.',
  password_changed: 'Your password has been changed. Please sign in with your new password.',
  account_missing: 'Your account no longer exists.',
  wrong_password: 'That is not your current password.',
  account_deleted: 'Your account and everything in it have been deleted.',
  user_not_found: 'User not found',
  admin_required: 'Admin access required. Please enter the admin password.',
  invalid_admin_password: 'Invalid admin password.',
  metrics_token_required: 'The metrics need the METRICS_TOKEN bearer token.',

  // Access and billing (402, 409, 503)
  trial_ended: ACCESS_BLOCKED_WORDING.trial_ended.serverMessage,
  payment_failed: ACCESS_BLOCKED_WORDING.payment_failed.serverMessage,
  already_subscribed: 'You already have an active subscription.',
  no_subscription_to_cancel: 'You have no active subscription to cancel.',
  no_subscription_to_resume: 'You have no cancelled subscription to resume.',
  subscription_already_ended: 'This subscription has already ended. Please subscribe again from the Upgrade to Pro page.',
  payment_not_found: 'This payment was not found. Please start again from the Upgrade to Pro page.',
  payments_not_set_up: 'Payments are not set up on this server. Please contact support for assistance.',
  payment_provider_failed: 'The payment provider could not complete the request. Please try again in a moment.',
  payment_system_gone: 'This subscription was made with a payment system that is no longer set up. Please contact support for assistance.',
  subscription_cancelled: "Your subscription has been cancelled. You'll retain access until the end of your current billing period.",
  webhook_body_required: 'Send the event exactly as Stripe signed it.',
  webhook_signature_invalid: 'Invalid webhook signature',

  // Reports, photos, pairs, links
  project_not_found: 'Project not found',
  client_not_found: 'Client not found',
  photo_not_found: 'Photo not found',
  photo_not_in_project: 'Photo not found in this report',
  photo_file_not_found: 'Photo file not found',
  pair_not_found: 'Photo pair not found',
  link_not_found: 'Link not found',
  no_pairs_to_export: 'Add at least one before-and-after photo pair to export this report.',
  no_pairs_to_share: 'Add at least one before-and-after photo pair to share this report.',
  no_business_name: 'Set your business name before exporting a report.',
  invalid_selection: INVALID_SELECTION_MESSAGE,
  already_paired: 'One of these photos is already in a pair. Delete that pair first.',
  photos_changed: 'The photos changed while pairing. Please try again.',
  photo_empty: 'The photo is empty.',
  photo_unreadable: 'The photo could not be read: the file is damaged or incomplete.',
  photo_too_large: ({ sizeMb, limitMb }: { sizeMb: string; limitMb: number }) => `The photo is too large (${sizeMb} MB); the limit is ${limitMb} MB.`,
  photo_not_an_image: 'This file is not an image we can read. Please send a JPEG, PNG or WebP photo.',
  photo_heic_unsupported: 'HEIC photos cannot be read here. Please send a JPEG, PNG or WebP photo (on iPhone: Settings › Camera › Formats › Most Compatible).',
  photo_too_many_pixels: ({ megapixels }: { megapixels: number }) => `The image has too many pixels; the limit is ${megapixels} megapixels.`,
  data_url_invalid: 'imageData must be a data URL of an image, such as data:image/jpeg;base64,…',
  data_url_base64_invalid: 'imageData must be a data URL of an image, such as data:image/jpeg;base64,… (the base64 part is not valid)',
  photo_quota_report: ({ max }: { max: number }) =>
    `This report already has ${max} photos, the most one report can hold. Start a new report for the rest of this job.`,
  photo_quota_account: ({ max }: { max: number }) =>
    `Your account already has ${max.toLocaleString('en-US')} photos, the most it can hold. Delete reports you no longer need to make room.`,
  upload_key_reused: 'This Idempotency-Key was already used for a different photo. Send each photo with its own key.',
  upload_key_photo_deleted: 'The photo sent with this Idempotency-Key was stored and has since been deleted; it is not stored again.',
  upload_key_in_progress: 'This photo is still being stored by an earlier request. Please try again in a moment.',
  logo_empty: 'The logo file is empty.',
  logo_too_large: ({ limitMb }: { limitMb: number }) => `The logo is too large; the limit is ${limitMb} MB.`,
  logo_not_png_or_jpeg: 'The logo must be a PNG or JPEG image.',
  logo_too_many_pixels: 'The logo image is too large in pixels. Please use a smaller image.',
  logo_unreadable: 'The logo could not be read as an image. Please choose another PNG or JPEG file.',
  logo_bytes_required: 'Send the logo as PNG or JPEG bytes (Content-Type image/png or image/jpeg).',
  no_logo: 'No business logo has been uploaded.',
  shared_logo_missing: 'This business has no logo.',
  shared_preview_missing: 'This report has no photo pair to preview.',
  too_many_links: ({ max }: { max: number }) => `This report already has ${max} live links. Revoke one you no longer need to make a new one.`,
  link_not_live: 'This client link has expired or was revoked. Choose another link, or send without one to make a new link.',
  issue_not_found: 'Issue not found',
  issue_photo_missing: 'This issue has no photo.',
  already_approved: 'This report has already been approved.',
  window_closed: 'The time to report a problem on this job has passed. Please contact the business directly.',
  mail_not_sent: 'The email could not be sent right now. Please try again in a moment.',
  report_sends_limited: ({ max }: { max: number }) => `This report has been emailed ${max} times today, the most a day. Please try again tomorrow.`,
  link_expired: goneLinkMessage('expired'),
  link_revoked: goneLinkMessage('revoked'),
  link_unknown: goneLinkMessage('unknown'),

  // Templates, areas and finishing a job
  template_name_invalid: 'Template name must be 1 to 60 characters',
  area_name_invalid: 'Area name must be 1 to 60 characters',
  area_minimum_invalid: 'Each minimum must be a whole number from 0 to 10',
  area_key_invalid: "An area key is 1 to 40 letters, digits, '-' or '_'",
  area_repeat_invalid: "repeat must be null, 'bedrooms' or 'bathrooms'",
  template_areas_invalid: 'A template has 1 to 40 areas',
  template_update_empty: 'Send a name, areas, or both',
  template_not_found: 'Template not found',
  template_built_in: 'A built-in template cannot be changed. Copy it to make your own.',
  room_count_invalid: 'Bedrooms and bathrooms must be whole numbers from 0 to 10',
  room_count_without_template: 'Bedrooms and bathrooms need a template',
  area_id_invalid: 'areaId must be the id of an area of this report',
  area_required: 'This report is captured by area: say which area the photo is of',
  area_not_in_report: "This area is not one of this report's areas",
  area_not_found: 'Area not found in this report',
  areas_differ: 'These photos are of different areas. Pair a before and an after of the same area.',
  report_finished: 'This job is finished. Reopen it to change its photos or pairs.',
  areas_incomplete: 'Some areas still need photos or a reason to skip them',
  skip_reason_invalid: 'reason must be no_access, occupied, not_in_scope or other',
  skip_note_too_long: 'The note must be at most 200 characters',

  // The team: members, invites and sign-in links
  member_not_found: 'Member not found',
  team_full: `This team already has ${TEAM_MAX_ACTIVE_MEMBERS} active members, the most a business can have. Deactivate someone first.`,
  last_owner: 'A business always keeps one active owner. Make someone else owner first.',
  invite_not_found: 'This invite link is not valid. Ask the business for a new one.',
  invite_used: 'This invite has already been used. Ask the business for a new one, or sign in.',
  invite_revoked: 'This invite was withdrawn. Ask the business for a new one.',
  invite_expired: 'This invite has expired. Ask the business for a new one.',
  sign_in_link_not_found: 'This sign-in link is not valid. Ask the business owner for a new one.',
  sign_in_link_gone: 'This sign-in link was already used or has expired. Ask the business owner for a new one.',
  // Too much at once (429, 503)
  rate_limited: ({ minutes: count }: { minutes: number }) => `Too many attempts. Please wait ${minutes(count)} and try again.`,
  admin_verify_rate_limited: ({ minutes: count }: { minutes: number }) => `Too many failed attempts. Please wait ${minutes(count)} and try again.`,
  photo_uploads_rate_limited: ({ minutes: count }: { minutes: number }) =>
    `Too many photos in a short time. Please wait ${minutes(count)}; the rest will upload then.`,
  share_links_rate_limited: ({ minutes: count }: { minutes: number }) => `Too many new links in a short time. Please wait ${minutes(count)} and try again.`,
  shared_reports_rate_limited: ({ minutes: count }: { minutes: number }) =>
    `Too many requests for shared reports from this address. Please wait ${minutes(count)} and try again.`,
  shared_pdf_rate_limited: ({ minutes: count }: { minutes: number }) =>
    `Too many PDF downloads from this address. Please wait ${minutes(count)} and try again.`,
  pdf_rate_limited: 'Too many PDF exports at once. Please wait a minute and try again.',
  export_in_progress: 'Your export is still downloading. Wait for it to finish, then try again.',
  heavy_reads_busy: 'Your other reports are still being prepared. Please wait for them to finish and try again.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  uploads_in_flight: 'Too many uploads at once from this account. The rest will be sent in a moment.',
  server_busy: 'The server is busy. Please try again in a moment.',
  storage_unavailable: 'Photos cannot be stored right now. Your photo is kept and will be sent again.',
  logo_uploads_rate_limited: ({ minutes: count }: { minutes: number }) => `Too many logo uploads in a short time. Please wait ${minutes(count)} and try again.`,
  internal_error: 'Internal Server Error',
  /** The API tests' check of an answer against its route table entry (never in production). */
  response_mismatch: ({ detail }: { detail: string }) => detail,
} as const satisfies Record<string, string | ((params: never) => string)>;

type Messages = typeof ERROR_MESSAGES;
export type ErrorCode = keyof Messages;
/** The values a code's message needs: none for a fixed sentence. */
export type ErrorParams<C extends ErrorCode> = Messages[C] extends (params: infer P) => string ? [params: P] : [];

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/** The English message of a code. */
export function errorMessage<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): string {
  const entry: string | ((params: never) => string) = ERROR_MESSAGES[code];
  return typeof entry === 'string' ? entry : entry(params[0] as never);
}
