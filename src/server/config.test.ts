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

/** What a public server needs, besides APP_URL. */
const PRODUCTION = {
  APP_URL: 'https://cleanproof.example',
  ADMIN_PASSWORD: 'a-long-admin-password',
  SMTP_URL: 'smtp://mail.example.com:587',
  METRICS_TOKEN: 'a-long-metrics-token',
};

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
    const config = loadConfig({ ...PRODUCTION, APP_URL: 'https://app.example.com/' });
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
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
    });
    expect(config.stripe?.priceId).toBe('price_1');
    expect(config.billingSandbox).toBe(false);
  });

  it('reads the fleet settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      redisUrl: undefined,
      databasePoolMax: 10,
      metricsToken: undefined,
      shutdownTimeoutMs: 10_000,
      mailOutbox: false,
    });
    expect(
      loadConfig({
        REDIS_URL: 'redis://cache:6379/0',
        DATABASE_POOL_MAX: '25',
        METRICS_TOKEN: 'a-metrics-token-1234',
        SHUTDOWN_TIMEOUT_MS: '3000',
        MAIL_OUTBOX: 'true',
      }),
    ).toMatchObject({ redisUrl: 'redis://cache:6379/0', databasePoolMax: 25, metricsToken: 'a-metrics-token-1234', shutdownTimeoutMs: 3000, mailOutbox: true });
  });

  it.each([
    ['REDIS_URL', 'cache:6379', /REDIS_URL must start with redis:\/\/ or rediss:\/\//],
    ['DATABASE_POOL_MAX', '0', /DATABASE_POOL_MAX must be between 1 and 1000/],
    ['METRICS_TOKEN', 'short', /METRICS_TOKEN must be at least 16 characters/],
    ['SHUTDOWN_TIMEOUT_MS', '-5', /SHUTDOWN_TIMEOUT_MS must be between 0 and 600000/],
    ['TRUST_PROXY', '0', /TRUST_PROXY must be a hop count from 1 to 20/],
    ['TRUST_PROXY', '10.0.0.1, proxy.internal', /TRUST_PROXY must be a hop count or comma-separated addresses\/CIDRs \(not proxy\.internal\)/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY/],
  ])('stops on a bad %s (%s)', (name, value, message) => {
    expect(configErrorFor({ [name]: value }).message).toMatch(message);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,127.0.0.1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '127.0.0.1',
      'loopback',
    ]);
  });
});

describe('public APP_URL (production checks)', () => {
  it('starts with the production variables set, and warns that PGlite suits one server', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ isPublic: true, secureCookies: true, billingSandbox: false });
    expect(config.warnings).toEqual(['DATABASE_URL is not set: the embedded PGlite database in DATA_DIR suits one server only.']);
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://db/cleanproof' }).warnings).toEqual([]);
  });

  it.each([
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'fifteen-chars-x' }],
    ['APP_URL', { APP_URL: 'http://cleanproof.example' }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: '' }],
  ])('refuses to start without %s, in one line naming it', (name, change) => {
    const { message } = configErrorFor({ ...PRODUCTION, ...change });
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    for (const other of ['ADMIN_PASSWORD', 'APP_URL must', 'SMTP_URL', 'METRICS_TOKEN'].filter((n) => !n.startsWith(name)))
      expect(message).not.toContain(other);
  });

  it('accepts MAIL_OUTBOX=true instead of SMTP_URL', () => {
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: '', MAIL_OUTBOX: 'true' }).mailOutbox).toBe(true);
  });

  it.each(['http://localhost:5000', 'http://127.0.0.1:8080', 'http://[::1]:5000'])('treats %s as a local run: sandbox on, no checks', (appUrl) => {
    expect(loadConfig({ APP_URL: appUrl })).toMatchObject({ isPublic: false, billingSandbox: true, warnings: [] });
  });

  it('keeps the sandbox off on a public server unless BILLING_SANDBOX=true, which is logged as a warning', () => {
    expect(loadConfig(PRODUCTION).billingSandbox).toBe(false);
    const forced = loadConfig({ ...PRODUCTION, BILLING_SANDBOX: 'true', DATABASE_URL: 'postgres://db/cleanproof' });
    expect(forced.billingSandbox).toBe(true);
    expect(forced.warnings).toHaveLength(1);
    expect(forced.warnings[0]).toMatch(/^BILLING_SANDBOX=true on a public APP_URL/);
  });

  it('lets BILLING_SANDBOX=false switch the sandbox off on a local run', () => {
    expect(loadConfig({ BILLING_SANDBOX: 'false' }).billingSandbox).toBe(false);
  });
});

describe('a HOST reachable from the network (production checks)', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'app.internal'])(
    'counts HOST %s as public even with a local APP_URL: refuses to start without the production variables',
    (host) => {
      const { message } = configErrorFor({ HOST: host });
      for (const name of ['APP_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'METRICS_TOKEN']) expect(message).toContain(name);
      expect(message).toContain(`HOST ${host}`);
      expect(message).not.toContain('\n');
    },
  );

  it('runs a reachable HOST with a public APP_URL and the production variables, without the sandbox', () => {
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' })).toMatchObject({ isPublic: true, secureCookies: true, billingSandbox: false });
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])('keeps loopback HOST %s local', (host) => {
    expect(loadConfig({ HOST: host })).toMatchObject({ isPublic: false, billingSandbox: true, warnings: [] });
  });

  it('lets ALLOW_INSECURE_LOCAL=true run a reachable HOST as a local server, with a warning saying so', () => {
    const config = loadConfig({ HOST: '0.0.0.0', ALLOW_INSECURE_LOCAL: 'true' });
    expect(config).toMatchObject({ isPublic: false, billingSandbox: true, secureCookies: false });
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatch(/^ALLOW_INSECURE_LOCAL=true: HOST 0\.0\.0\.0 is reachable from the network/);
    // It never makes a public APP_URL local.
    expect(configErrorFor({ HOST: '0.0.0.0', ALLOW_INSECURE_LOCAL: 'true', APP_URL: 'https://cleanproof.example' }).message).toContain('METRICS_TOKEN');
  });
});
