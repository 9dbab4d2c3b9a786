import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegisterBodySchema, ResetPasswordBodySchema, ForgotPasswordBodySchema, BusinessNameSchema } from './contract/auth';
import { errorMessage, isErrorCode } from './error-codes';
import { BUSINESS_NAME_MAX_LENGTH, computeTrialEndsAt, DAY_MS, PASSWORD_MIN_LENGTH, TRIAL_DAYS } from './rules';

/** A refused field's issue carries its error code; the API and the forms say the code's English text. */
function englishOf(result: { error?: { issues: { message: string }[] } }): string | undefined {
  const code = result.error?.issues[0]?.message;
  if (code === undefined || !isErrorCode(code)) return code;
  return (errorMessage as (code: string) => string)(code);
}

const validRegistration = { email: 'owner@sparkle.example', password: 'secret1', confirmPassword: 'secret1', businessName: 'Sparkle' };

describe('business constants (spec §9)', () => {
  it('has a 14-day trial, a 6-character password minimum and a 50-character business name', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(BUSINESS_NAME_MAX_LENGTH).toBe(50);
  });

  it('ends the trial exactly 14 days after any creation time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (createdAt) => {
        expect(computeTrialEndsAt(createdAt).getTime() - createdAt.getTime()).toBe(14 * DAY_MS);
      }),
    );
  });
});

describe('registration rules (spec §5)', () => {
  it('accepts a valid registration and trims the business name', () => {
    const parsed = RegisterBodySchema.parse({ ...validRegistration, businessName: '  Sparkle  ' });
    expect(parsed.businessName).toBe('Sparkle');
  });

  it('refuses passwords that do not match with "Passwords do not match"', () => {
    const result = RegisterBodySchema.safeParse({ ...validRegistration, confirmPassword: 'secret2' });
    expect(result.success).toBe(false);
    expect(englishOf(result)).toBe('Passwords do not match');
  });

  it('takes passwords of 6 characters or more, and no shorter', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 40 }), (password) => {
        const result = RegisterBodySchema.safeParse({ ...validRegistration, password, confirmPassword: password });
        expect(result.success).toBe(password.length >= PASSWORD_MIN_LENGTH);
      }),
    );
  });

  it('takes business names of 1 to 50 characters after trimming', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), fc.nat(3), fc.nat(3), (name, left, right) => {
        const padded = ' '.repeat(left) + name + ' '.repeat(right);
        const result = BusinessNameSchema.safeParse(padded);
        const trimmed = padded.trim();
        expect(result.success).toBe(trimmed.length >= 1 && trimmed.length <= BUSINESS_NAME_MAX_LENGTH);
        if (result.success) expect(result.data).toBe(trimmed);
      }),
    );
  });

  it('refuses a blank business name with "Business name cannot be empty"', () => {
    expect(englishOf(BusinessNameSchema.safeParse('   '))).toBe('Business name cannot be empty');
  });

  it.each(['', 'plainaddress', 'a@', '@b.co', 'a b@c.co'])('refuses the email %j', (email) => {
    expect(RegisterBodySchema.safeParse({ ...validRegistration, email }).success).toBe(false);
  });
});

describe('password reset rules (spec §5)', () => {
  it('needs an email to send a link', () => {
    expect(englishOf(ForgotPasswordBodySchema.safeParse({ email: '' }))).toBe('Email is required');
    expect(ForgotPasswordBodySchema.parse({ email: ' owner@sparkle.example ' }).email).toBe('owner@sparkle.example');
  });

  it('needs a token and a password of at least 6 characters', () => {
    expect(englishOf(ResetPasswordBodySchema.safeParse({ token: '', password: 'secret1' }))).toBe('Reset token is required');
    expect(englishOf(ResetPasswordBodySchema.safeParse({ token: 'abc', password: 'short' }))).toBe('Password must be at least 6 characters');
    expect(ResetPasswordBodySchema.safeParse({ token: 'abc', password: 'secret1' }).success).toBe(true);
  });
});
