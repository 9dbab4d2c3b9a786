// Environment -> one typed, validated, frozen config object. Nothing else reads process.env.
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
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').default(5000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_/, 'must start with whsec_').optional()),
  STRIPE_PRICE_ID: optionalString.pipe(z.string().regex(/^price_/, 'must start with price_').optional()),
  BILLING_SANDBOX: booleanText,
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
    s3 = { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION ?? 'us-east-1', accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY };
  } else if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set when other S3_* variables are');
  }

  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
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
    billingSandbox: e.BILLING_SANDBOX ?? !stripe,
    s3,
    logLevel: e.LOG_LEVEL,
    secureCookies: appUrl.startsWith('https://'),
  });
}
