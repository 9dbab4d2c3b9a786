import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, isErrorCode } from './error-codes';
import { ACCESS_BLOCKED_WORDING } from './access-blocked';
import { RegisterBodySchema, LoginBodySchema, ResetPasswordBodySchema } from './contract/auth';
import { CreatePhotoPairBodySchema, UpdateProjectBodySchema } from './contract/projects';
import { CreateShareLinkBodySchema } from './contract/share-links';
import { UpdatePreferencesBodySchema } from './contract/preferences';

describe('error codes', () => {
  it('are snake_case, each once', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('give the English messages the API has always sent', () => {
    expect(errorMessage('invalid_login')).toBe('Invalid email or password');
    expect(errorMessage('project_not_found')).toBe('Project not found');
    expect(errorMessage('trial_ended')).toBe(ACCESS_BLOCKED_WORDING.trial_ended.serverMessage);
    expect(errorMessage('too_many_links', { max: 20 })).toBe('This report already has 20 live links. Revoke one you no longer need to make a new one.');
    expect(errorMessage('photo_quota_account', { max: 20_000 })).toBe(
      'Your account already has 20,000 photos, the most it can hold. Delete reports you no longer need to make room.',
    );
    expect(errorMessage('rate_limited', { minutes: 1 })).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(errorMessage('rate_limited', { minutes: 5 })).toBe('Too many attempts. Please wait 5 minutes and try again.');
    expect(errorMessage('photo_id_invalid', { field: 'afterPhotoId' })).toBe('afterPhotoId must be a photo id');
  });

  it('name the shared schemas’ problems, so nothing maps English back to a code', () => {
    const firstIssue = (schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }, value: unknown) =>
      schema.safeParse(value).error?.issues[0]?.message;
    const cases: [string | undefined, string][] = [
      [firstIssue(RegisterBodySchema, { email: 'nope', password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Sol' }), 'email_invalid'],
      [
        firstIssue(RegisterBodySchema, { email: 'a@b.co', password: 'correct horse', confirmPassword: 'other horse', businessName: 'Sol' }),
        'passwords_do_not_match',
      ],
      [firstIssue(LoginBodySchema, { email: 'a@b.co' }), 'password_required'],
      [firstIssue(ResetPasswordBodySchema, { token: '', password: 'correct horse' }), 'reset_token_required'],
      [firstIssue(UpdateProjectBodySchema, {}), 'project_update_empty'],
      [firstIssue(CreatePhotoPairBodySchema, { beforePhotoId: 'x', afterPhotoId: 2 }), 'photo_id_invalid'],
      [firstIssue(CreateShareLinkBodySchema, { expiresInDays: 0 }), 'expires_in_days_invalid'],
      [firstIssue(UpdatePreferencesBodySchema, { timeZone: 'Mars/Olympus' }), 'time_zone_invalid'],
    ];
    for (const [message, code] of cases) {
      expect(message).toBe(code);
      expect(isErrorCode(code)).toBe(true);
    }
  });
});
