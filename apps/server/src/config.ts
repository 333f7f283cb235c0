import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_PATTERN, vatNumberOf } from '@app/contracts';
import { z } from 'zod';
import type { S3Settings } from './platform/s3-storage.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const ZOptionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: ZOptionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: ZOptionalString.pipe(z.url().optional()),
  JWT_SECRET: ZOptionalString.pipe(z.string().min(32).optional()),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SMTP_URL: ZOptionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Neuron Platform <no-reply@neuron-platform.local>'),
  SUPPORT_EMAIL: z.email().default('support@neuron-platform.local'),
  BLOCKED_EMAIL_FRAGMENT: ZOptionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  EMBEDDED_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  ADMIN_EMAIL: ZOptionalString.pipe(z.email().toLowerCase().optional()),
  ADMIN_PASSWORD: ZOptionalString.pipe(
    z
      .string()
      .regex(PASSWORD_PATTERN, {
        error:
          'needs 8 to 30 characters with a digit, a lower-case and an upper-case letter and a special character, no spaces',
      })
      .optional(),
  ),
  VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(21),
  SELLER_LEGAL_NAME: z.string().trim().min(1).optional(),
  SELLER_NIF: z
    .string()
    .trim()
    .refine((nif) => vatNumberOf('ES', nif) !== undefined, {
      error: 'must be a Spanish NIF such as B12345674',
    })
    .transform((nif) => vatNumberOf('ES', nif) ?? nif)
    .optional(),
  SELLER_ADDRESS: z.string().trim().min(1).optional(),
  VIES: z.enum(['on', 'off']).default('off'),
  VIES_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  SANDBOX_SEPA_DELAY_SECONDS: z.coerce.number().int().min(0).default(10),
  EXCHANGE_RATES_URL: z
    .union([z.literal('off'), z.url({ protocol: /^https?$/ })])
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  STRIPE_SECRET_KEY: ZOptionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, { error: 'must start with sk_ or rk_' })
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: ZOptionalString.pipe(
    z.string().startsWith('pk_', { error: 'must start with pk_' }).optional(),
  ),
  STRIPE_WEBHOOK_SECRET: ZOptionalString.pipe(
    z.string().startsWith('whsec_', { error: 'must start with whsec_' }).optional(),
  ),
  BANK_AGGREGATOR: z.enum(['sandbox', 'gocardless']).default('sandbox'),
  GOCARDLESS_SECRET_ID: ZOptionalString,
  GOCARDLESS_SECRET_KEY: ZOptionalString,
  GOCARDLESS_BASE_URL: ZOptionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  JOB_LOCK_SECONDS: z.coerce.number().int().min(3).default(300),
  METRICS_TOKEN: ZOptionalString.pipe(
    z.string().min(16, { error: 'needs at least 16 characters' }).optional(),
  ),
  S3_BUCKET: ZOptionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      })
      .optional(),
  ),
  S3_REGION: ZOptionalString,
  S3_ENDPOINT: ZOptionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  AWS_ACCESS_KEY_ID: ZOptionalString,
  AWS_SECRET_ACCESS_KEY: ZOptionalString,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  jwtTtlHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  blockedEmailFragment: string | undefined;
  logLevel: string;
  rateLimitAuthMax: number;
  embeddedWorker: boolean;
  trustProxy: boolean;
  webDist: string;
  /** The first platform administrator, created at start while none exists. */
  admin: { email: string; password: string } | undefined;
  /** Spanish VAT (IVA) of a `standard` invoice, in basis points (2100 is 21 %). */
  vatRateBasisPoints: number;
  /** Who issues the invoices: the legal name, NIF (without the ES prefix) and address. */
  seller: { legalName: string; nif: string; address: string };
  /** The EC's VIES REST API, asked about EU VAT numbers when set; else the format decides. */
  viesUrl: string | undefined;
  /** How long the sandbox payment provider keeps a SEPA debit processing. */
  sandboxSepaDelaySeconds: number;
  /** The ECB's daily reference rates (XML); unset: the stored snapshot is used. */
  exchangeRatesUrl: string | undefined;
  /** Stripe replaces the sandbox payment provider when set. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  /** The bank aggregator: the built-in sandbox, or GoCardless Bank Account Data. */
  banking:
    | { provider: 'sandbox' }
    | { provider: 'gocardless'; secretId: string; secretKey: string; baseUrl: string | undefined };
  /** How long a stopping process waits for its requests and its running job. */
  shutdownTimeoutMilliseconds: number;
  /** How long a job claimed by a worker that died waits before another worker takes it. */
  jobLockMilliseconds: number;
  /** The bearer token of `/metrics`; unset: the endpoint does not exist. */
  metricsToken: string | undefined;
  /** Files go to this S3 bucket when set; unset: the local folder `{dataDir}/files`. */
  s3: S3Settings | undefined;
};

export class ConfigError extends Error {}

/** A made-up seller, for development and tests: production invoices name the real one. */
const EXAMPLE_SELLER: Config['seller'] = {
  legalName: 'Neuron Platform S.L.',
  nif: 'B12345674',
  address: 'Calle de Alcalá 1, 28014 Madrid, España',
};

/** Parses the environment once; a wrong value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=` in a compose file) counts as unset, so its default applies.
  const parsed = ZEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.SMTP_URL) {
    // The outbox transport publishes every mail, reset links included, at /api/dev/outbox.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required when NODE_ENV is production',
    );
  }
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: give both or neither',
    );
  }
  const stripe = stripeConfig(values);
  if (values.NODE_ENV === 'production' && !stripe) {
    // The sandbox accepts its test cards: in production every "payment" would go through.
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: required when NODE_ENV is production',
    );
  }
  const seller = sellerConfig(values);
  const banking = bankingConfig(values);
  const s3 = s3Config(values);
  // Relative paths are read from where the command was started (npm sets INIT_CWD).
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    jwtTtlHours: values.JWT_TTL_HOURS,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    blockedEmailFragment: values.BLOCKED_EMAIL_FRAGMENT,
    logLevel: values.LOG_LEVEL,
    rateLimitAuthMax: values.RATE_LIMIT_AUTH_MAX,
    embeddedWorker: values.EMBEDDED_WORKER,
    trustProxy: values.TRUST_PROXY,
    webDist: path.resolve(baseDir, values.WEB_DIST),
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : undefined,
    vatRateBasisPoints: Math.round(values.VAT_RATE_PERCENT * 100),
    seller,
    viesUrl: values.VIES === 'on' ? values.VIES_URL.replace(/\/$/, '') : undefined,
    sandboxSepaDelaySeconds: values.SANDBOX_SEPA_DELAY_SECONDS,
    exchangeRatesUrl: values.EXCHANGE_RATES_URL === 'off' ? undefined : values.EXCHANGE_RATES_URL,
    stripe,
    banking,
    shutdownTimeoutMilliseconds: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    jobLockMilliseconds: values.JOB_LOCK_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
    s3,
  };
}

/** S3 is chosen by S3_BUCKET; its other variables without it would be silently unused. */
function s3Config(values: z.infer<typeof ZEnv>): Config['s3'] {
  const { S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE } = values;
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = values;
  if (!S3_BUCKET) {
    if (S3_REGION || S3_ENDPOINT || S3_FORCE_PATH_STYLE) {
      throw new ConfigError(
        'Invalid configuration:\n  S3_BUCKET: required when S3_REGION, S3_ENDPOINT or S3_FORCE_PATH_STYLE is set (files are stored in the local folder without it)',
      );
    }
    return undefined;
  }
  if (!S3_REGION) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_REGION: required when S3_BUCKET is set (us-east-1 for most S3-compatible servers)',
    );
  }
  if (Boolean(AWS_ACCESS_KEY_ID) !== Boolean(AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: give both or neither (neither: the instance role)',
    );
  }
  return {
    bucket: S3_BUCKET,
    region: S3_REGION,
    endpoint: S3_ENDPOINT,
    forcePathStyle: S3_FORCE_PATH_STYLE === 'true',
    credentials:
      AWS_ACCESS_KEY_ID && AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: AWS_ACCESS_KEY_ID, secretAccessKey: AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Invoices are legal documents: in production they name the real seller, never the example. */
function sellerConfig(values: z.infer<typeof ZEnv>): Config['seller'] {
  const { SELLER_LEGAL_NAME, SELLER_NIF, SELLER_ADDRESS } = values;
  if (values.NODE_ENV === 'production') {
    const missing = Object.entries({ SELLER_LEGAL_NAME, SELLER_NIF, SELLER_ADDRESS })
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.join(', ')}: required when NODE_ENV is production (the seller named on the invoices)`,
      );
    }
  }
  return {
    legalName: SELLER_LEGAL_NAME ?? EXAMPLE_SELLER.legalName,
    nif: SELLER_NIF ?? EXAMPLE_SELLER.nif,
    address: SELLER_ADDRESS ?? EXAMPLE_SELLER.address,
  };
}

/** GoCardless needs its secret id and key; given without it, they would be silently unused. */
function bankingConfig(values: z.infer<typeof ZEnv>): Config['banking'] {
  const { BANK_AGGREGATOR, GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY } = values;
  if (BANK_AGGREGATOR === 'sandbox') {
    if (GOCARDLESS_SECRET_ID || GOCARDLESS_SECRET_KEY) {
      throw new ConfigError(
        'Invalid configuration:\n  BANK_AGGREGATOR: set it to gocardless to use GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY (the sandbox aggregator is in use)',
      );
    }
    return { provider: 'sandbox' };
  }
  if (!GOCARDLESS_SECRET_ID || !GOCARDLESS_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY: both required when BANK_AGGREGATOR is gocardless (user secrets of the GoCardless Bank Account Data portal)',
    );
  }
  return {
    provider: 'gocardless',
    secretId: GOCARDLESS_SECRET_ID,
    secretKey: GOCARDLESS_SECRET_KEY,
    baseUrl: values.GOCARDLESS_BASE_URL,
  };
}

/** Stripe needs all three: the publishable key for the browser, the secret for webhooks. */
function stripeConfig(values: z.infer<typeof ZEnv>): Config['stripe'] {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = values;
  if (!STRIPE_SECRET_KEY && !STRIPE_PUBLISHABLE_KEY && !STRIPE_WEBHOOK_SECRET) return undefined;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: give all three or none',
    );
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  };
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
