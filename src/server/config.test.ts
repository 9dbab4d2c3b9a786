import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The error loadConfig throws for this environment (fails the test when it does not throw). */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('runs with nothing set, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:5000',
      smtpUrl: undefined,
      stripe: undefined,
      billingSandbox: true,
      s3: undefined,
      logLevel: 'info',
      secureCookies: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives APP_URL from PORT, drops a trailing slash, and makes cookies Secure on https', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    const config = loadConfig({ APP_URL: 'https://app.example.com/' });
    expect(config.appUrl).toBe('https://app.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT must be a port number$/],
    ['PORT', '70000', /^Invalid configuration: PORT must be between 0 and 65535$/],
    ['DATABASE_URL', 'mysql://db', /^Invalid configuration: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/],
    ['APP_URL', 'ftp://files.example.com', /^Invalid configuration: APP_URL must be an http\(s\) URL/],
    ['APP_URL', 'not a url', /^Invalid configuration: APP_URL must be an http\(s\) URL/],
    ['ADMIN_PASSWORD', 'short', /^Invalid configuration: ADMIN_PASSWORD must be at least 8 characters$/],
    ['SMTP_URL', 'mail.example.com:25', /^Invalid configuration: SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/],
    ['BILLING_SANDBOX', 'maybe', /^Invalid configuration: BILLING_SANDBOX must be true or false$/],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be a pino log level$/],
    ['S3_ENDPOINT', 'http://minio:9000', /^Invalid configuration: S3_BUCKET must be set when other S3_\* variables are$/],
  ])('stops on a bad %s (%s) with one line naming it', (name, value, message) => {
    const error = configErrorFor({ [name]: value });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('names every bad variable in the one line', () => {
    const { message } = configErrorFor({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('asks for the missing Stripe keys when only some are set', () => {
    const { message } = configErrorFor({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(message).toBe('Invalid configuration: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID must be set too (Stripe needs all four STRIPE_* variables)');
  });

  it('switches billing to Stripe when all four keys are set', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_1' });
    expect(config.stripe?.priceId).toBe('price_1');
    expect(config.billingSandbox).toBe(false);
  });
});
