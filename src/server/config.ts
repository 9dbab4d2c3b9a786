// Environment -> one typed, validated, frozen config object. Nothing else reads process.env.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : ['true', '1', 'yes'].includes(value)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(5000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
  ),
  STRIPE_PRICE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^price_/, 'must start with price_')
      .optional(),
  ),
  BILLING_SANDBOX: booleanText,
  MAIL_OUTBOX: booleanText,
  TRUST_PROXY: optionalString,
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000')
    .max(1000, 'must be between 1 and 1000')
    .default(10),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  ALLOW_INSECURE_LOCAL: booleanText,
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 600000')
    .max(600_000, 'must be between 0 and 600000')
    .default(10_000),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ error: 'must be a URL' }).optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level' }).default('info'),
});

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceId: string;
}

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  /** Unset means: generate one at start and print it once (see admin/admin-password.ts). */
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  stripe?: StripeConfig;
  billingSandbox: boolean;
  s3?: S3Config;
  logLevel: string;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
  /** APP_URL's host is not localhost, 127.0.0.1 or ::1: the production checks apply. */
  isPublic: boolean;
  /** MAIL_OUTBOX=true: mail goes to DATA_DIR/outbox even on a public APP_URL. */
  mailOutbox: boolean;
  /** Fastify's trustProxy: false (no proxy), a hop count, or trusted addresses/CIDRs. */
  trustProxy: false | number | string[];
  redisUrl?: string;
  databasePoolMax: number;
  metricsToken?: string;
  shutdownTimeoutMs: number;
  /** Lines the server logs once at start: allowed, but an operator should know. */
  warnings: readonly string[];
}

export class ConfigError extends Error {}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

/** Parses the environment; throws ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;

  const stripeSet = STRIPE_KEYS.filter((key) => e[key] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((key) => e[key] === undefined);
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set too (Stripe needs all four STRIPE_* variables)`);
  }
  const stripe: StripeConfig | undefined =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, priceId: e.STRIPE_PRICE_ID }
      : undefined;

  let s3: S3Config | undefined;
  if (e.S3_BUCKET) {
    s3 = {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION ?? 'us-east-1',
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    };
  } else if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set when other S3_* variables are');
  }

  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Listening beyond this machine makes a server public whatever APP_URL says (a Docker image on
  // 0.0.0.0 with a local APP_URL would otherwise hand out the sandbox and cookies without Secure).
  const reachable = !isLoopbackHost(e.HOST);
  const insecureLocal = reachable && e.ALLOW_INSECURE_LOCAL === true && isLocalUrl(appUrl);
  const isPublic = !isLocalUrl(appUrl) || (reachable && !insecureLocal);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (isPublic) assertProductionReady(e, appUrl);
  const billingSandbox = e.BILLING_SANDBOX ?? (!stripe && !isPublic);

  const warnings: string[] = [];
  if (insecureLocal) {
    warnings.push(
      `ALLOW_INSECURE_LOCAL=true: HOST ${e.HOST} is reachable from the network, yet the server runs as a local one (sandbox billing, cookies without Secure, no HSTS, mail to a folder). Never on a network others use.`,
    );
  }
  if (isPublic && billingSandbox && !stripe)
    warnings.push('BILLING_SANDBOX=true on a public APP_URL: anyone can get Pro with the test card. Set the STRIPE_* variables to take real payments.');
  if (isPublic && !e.DATABASE_URL) warnings.push('DATABASE_URL is not set: the embedded PGlite database in DATA_DIR suits one server only.');

  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'CleanProof <no-reply@cleanproof.local>',
    stripe,
    billingSandbox,
    s3,
    logLevel: e.LOG_LEVEL,
    secureCookies: appUrl.startsWith('https://'),
    isPublic,
    mailOutbox: e.MAIL_OUTBOX ?? false,
    trustProxy,
    redisUrl: e.REDIS_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    warnings: Object.freeze(warnings),
  });
}

/** The hosts of a local run: only these get the sandbox and skip the production checks. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalUrl(url: string): boolean {
  return LOCAL_HOSTS.has(new URL(url).hostname);
}

/** A HOST only this machine reaches: localhost, 127.0.0.0/8 or ::1 (0.0.0.0 and :: are every interface). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return net.isIPv4(bare) && bare.startsWith('127.');
}

/** The admin password of a public server is guessed from the whole internet, so it must be long. */
export const PUBLIC_ADMIN_PASSWORD_MIN_LENGTH = 16;

/**
 * A public server (APP_URL not local, or HOST reachable from the network): refuse to start rather
 * than run with a printed admin password, live reset links written to a local folder, session
 * cookies over plain http, or open metrics.
 */
function assertProductionReady(e: z.infer<typeof EnvSchema>, appUrl: string): void {
  const problems: string[] = [];
  if (!e.ADMIN_PASSWORD || e.ADMIN_PASSWORD.length < PUBLIC_ADMIN_PASSWORD_MIN_LENGTH) {
    problems.push(`ADMIN_PASSWORD must be set to at least ${PUBLIC_ADMIN_PASSWORD_MIN_LENGTH} characters on a public server`);
  }
  if (!appUrl.startsWith('https://')) {
    problems.push(
      isLocalUrl(appUrl)
        ? `APP_URL must be the server's public https:// address: HOST ${e.HOST} is reachable from the network (or ALLOW_INSECURE_LOCAL=true for a trial on a trusted network)`
        : 'APP_URL must be https:// on a public server (it is not localhost)',
    );
  }
  if (!e.SMTP_URL && e.MAIL_OUTBOX !== true) problems.push('SMTP_URL must be set on a public server (or MAIL_OUTBOX=true to keep mail in DATA_DIR/outbox)');
  // The metrics name routes, queues and refusals: not for the whole internet to read.
  if (!e.METRICS_TOKEN) problems.push('METRICS_TOKEN must be set on a public server (16+ characters; Prometheus sends it as a bearer token)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration for APP_URL ${appUrl}: ${problems.join('; ')}`);
}

/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset (no proxy), a hop count, or a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 20) throw new ConfigError('Invalid configuration: TRUST_PROXY must be a hop count from 1 to 20, or addresses/CIDRs');
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(`Invalid configuration: TRUST_PROXY must be a hop count or comma-separated addresses/CIDRs (not ${bad.join(', ') || 'empty'})`);
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
