import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../preferences.js';
import { BUSINESS_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules.js';
import { MessageResponseSchema } from './common.js';
import { LocaleSchema, TimeZoneSchema } from './preferences.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

export const EmailSchema = z
  .string({ error: issueCode('email_required') })
  .trim()
  .min(1, issueCode('email_required'))
  .max(EMAIL_MAX_LENGTH, issueCode('email_too_long'))
  .pipe(z.email(issueCode('email_invalid')));

export const NewPasswordSchema = z
  .string({ error: issueCode('password_required') })
  .min(PASSWORD_MIN_LENGTH, issueCode('password_too_short'))
  .max(PASSWORD_MAX_LENGTH, issueCode('password_too_long'));

/** spec §5: trimmed, not empty, at most 50 characters. */
export const BusinessNameSchema = z
  .string({ error: issueCode('business_name_required') })
  .trim()
  .min(1, issueCode('business_name_empty'))
  .max(BUSINESS_NAME_MAX_LENGTH, issueCode('business_name_too_long'));

/** spec §5: password and confirmation must match ('Passwords do not match', under the confirmation). */
const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;
const PASSWORDS_DO_NOT_MATCH = { message: issueCode('passwords_do_not_match'), path: ['confirmPassword'] };

export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: issueCode('password_confirm_required') }),
    businessName: BusinessNameSchema,
    /** The browser's language and IANA zone at registration (issues 13, 15); English and UTC when left out. */
    locale: LocaleSchema.optional(),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine(passwordsMatch, PASSWORDS_DO_NOT_MATCH);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The reset-password form (spec §5): the new password twice; only `password` is sent, with the token. */
export const NewPasswordFormSchema = z.object({ password: NewPasswordSchema, confirmPassword: z.string() }).refine(passwordsMatch, PASSWORDS_DO_NOT_MATCH);
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: issueCode('password_required') })
    .min(1, issueCode('password_required'))
    .max(PASSWORD_MAX_LENGTH, issueCode('sign_in_password_too_long')),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: z
    .string({ error: issueCode('reset_token_required') })
    .min(1, issueCode('reset_token_required'))
    .max(200, issueCode('reset_token_invalid')),
  password: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** The user as the API shows it: never the password hash. */
export const UserSchema = z.object({
  id: z.number(),
  /** Null for a crew member who joined with a name only. */
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(['owner', 'manager', 'cleaner']),
  businessId: z.number(),
  businessName: z.string().nullable(),
  businessLogoUrl: z.string().nullable(),
  createdAt: z.string(),
  trialEndsAt: z.string(),
  stripeSubscriptionId: z.string().nullable(),
  locale: z.enum(SUPPORTED_LOCALES),
  timeZone: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = UserSchema.extend({ authToken: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account (starts the free trial) and sign in',
    access: 'public',
    body: RegisterBodySchema,
    status: 201,
    response: UserSchema,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in: sets the session cookie and returns the bearer authToken once',
    access: 'public',
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  logout: defineRoute({ method: 'POST', path: '/api/logout', summary: 'Sign out: ends the session', access: 'public', response: MessageResponseSchema }),
  getUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 when nobody is signed in)',
    access: 'member',
    response: UserSchema,
  }),
  loginRedirect: defineRoute({
    method: 'GET',
    path: '/api/login',
    summary: 'Redirects to the sign-in page /auth (the editor navigates here on a 401)',
    access: 'public',
    status: 302,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/forgot-password',
    summary: 'Mails a reset link if the email has an account (same answer either way)',
    access: 'public',
    body: ForgotPasswordBodySchema,
    response: MessageResponseSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/reset-password',
    summary: 'Sets a new password with a reset token and ends every session',
    access: 'public',
    body: ResetPasswordBodySchema,
    response: MessageResponseSchema,
  }),
};
