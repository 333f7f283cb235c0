import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

let dataDir: string;

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
};
const SELLER = {
  SELLER_LEGAL_NAME: 'Acme Cloud S.A.',
  SELLER_NIF: 'ES A28000000',
  SELLER_ADDRESS: 'Gran Vía 2, 28013 Madrid',
};

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every load gets its own DATA_DIR, so no test writes a secret into the repository. */
function load(env: Record<string, string> = {}): ReturnType<typeof loadConfig> {
  return loadConfig({ DATA_DIR: dataDir, ...env });
}

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const config = load();

    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      jwtTtlHours: 168,
      smtpUrl: undefined,
      logLevel: 'info',
      embeddedWorker: true,
      shutdownTimeoutMilliseconds: 30_000,
      jobLockMilliseconds: 300_000,
      metricsToken: undefined,
    });
  });

  it('reads the shutdown timeout in seconds and refuses zero', () => {
    expect(load({ SHUTDOWN_TIMEOUT_SECONDS: '5' }).shutdownTimeoutMilliseconds).toBe(5000);
    expect(configErrorOf({ SHUTDOWN_TIMEOUT_SECONDS: '0' }).message).toContain(
      'SHUTDOWN_TIMEOUT_SECONDS',
    );
  });

  it('refuses a short METRICS_TOKEN, which could be guessed', () => {
    expect(configErrorOf({ METRICS_TOKEN: 'short' }).message).toContain('METRICS_TOKEN');
    expect(load({ METRICS_TOKEN: 'a-metrics-token-of-length' }).metricsToken).toBe(
      'a-metrics-token-of-length',
    );
  });

  it('keeps files in the local folder unless S3_BUCKET is set', () => {
    expect(load({}).s3).toBeUndefined();
    expect(
      load({
        S3_BUCKET: 'neuron-files',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret-access-key-value',
      }).s3,
    ).toEqual({
      bucket: 'neuron-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-access-key-value' },
    });
    expect(load({ S3_BUCKET: 'neuron-files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      forcePathStyle: false,
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('refuses an S3 configuration that is incomplete or wrong, naming the variable and never a secret', () => {
    expect(configErrorOf({ S3_REGION: 'eu-west-1' }).message).toContain('S3_BUCKET: required');
    expect(configErrorOf({ S3_BUCKET: 'neuron-files' }).message).toContain('S3_REGION: required');
    expect(configErrorOf({ S3_BUCKET: 'Not_A_Bucket', S3_REGION: 'x' }).message).toContain(
      'S3_BUCKET',
    );
    const endpoint = { S3_BUCKET: 'neuron-files', S3_REGION: 'x', S3_ENDPOINT: 'minio:9000' };
    expect(configErrorOf(endpoint).message).toContain('S3_ENDPOINT');
    const path = { S3_BUCKET: 'neuron-files', S3_REGION: 'x', S3_FORCE_PATH_STYLE: 'yes' };
    expect(configErrorOf(path).message).toContain('S3_FORCE_PATH_STYLE');
    const half = configErrorOf({
      S3_BUCKET: 'neuron-files',
      S3_REGION: 'eu-west-1',
      AWS_SECRET_ACCESS_KEY: 'secret-access-key-value',
    });
    expect(half.message).toContain('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    expect(half.message).not.toContain('secret-access-key-value');
  });

  it('derives the public address from the port', () => {
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://app.example.org/' }).publicUrl).toBe(
      'https://app.example.org',
    );
  });

  it('accepts a postgres DATABASE_URL', () => {
    const url = 'postgres://user:secret@db.internal:5432/neuron';
    expect(load({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(load({ DATABASE_URL: 'postgresql://db.internal/neuron' }).databaseUrl).toBe(
      'postgresql://db.internal/neuron',
    );
  });

  it.each(['abc', '70000', '-1', '3000.5'])('refuses PORT=%s naming the variable', (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toContain('PORT');
  });

  it.each(['mysql://db.internal/neuron', 'not a url'])(
    'refuses DATABASE_URL=%s naming the variable',
    (url) => {
      const error = configErrorOf({ DATABASE_URL: url });
      expect(error.message).toContain('DATABASE_URL');
    },
  );

  it('refuses production without SMTP, where the outbox would publish every mail', () => {
    expect(configErrorOf({ NODE_ENV: 'production' }).message).toContain('SMTP_URL');
    expect(
      load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:587', ...STRIPE, ...SELLER })
        .smtpUrl,
    ).toBe('smtp://mail.internal:587');
  });

  it('refuses production on the sandbox payment provider, which accepts test cards', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:587' };
    expect(configErrorOf(production).message).toContain('STRIPE_SECRET_KEY');
    expect(load({ ...production, ...STRIPE, ...SELLER }).stripe?.secretKey).toBe(
      STRIPE.STRIPE_SECRET_KEY,
    );
  });

  it("refuses production without the seller's name, NIF and address, which every invoice carries", () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.internal:587',
      ...STRIPE,
    };
    expect(configErrorOf(production).message).toContain(
      'SELLER_LEGAL_NAME, SELLER_NIF, SELLER_ADDRESS: required when NODE_ENV is production',
    );
    const withoutNif = {
      SELLER_LEGAL_NAME: SELLER.SELLER_LEGAL_NAME,
      SELLER_ADDRESS: SELLER.SELLER_ADDRESS,
    };
    expect(configErrorOf({ ...production, ...withoutNif }).message).toContain(
      '\n  SELLER_NIF: required when NODE_ENV is production',
    );
    expect(load({ ...production, ...SELLER }).seller).toEqual({
      legalName: 'Acme Cloud S.A.',
      nif: 'A28000000',
      address: 'Gran Vía 2, 28013 Madrid',
    });
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY is true', () => {
    expect(load().trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reads the first administrator only with both ADMIN_EMAIL and a strong ADMIN_PASSWORD', () => {
    expect(load().admin).toBeUndefined();
    expect(load({ ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'Admin#Pass97' }).admin).toEqual(
      { email: 'root@example.com', password: 'Admin#Pass97' },
    );
    expect(configErrorOf({ ADMIN_EMAIL: 'root@example.com' }).message).toContain('ADMIN_PASSWORD');
    expect(
      configErrorOf({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'weak' }).message,
    ).toContain('ADMIN_PASSWORD');
    expect(
      configErrorOf({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Admin#Pass97' }).message,
    ).toContain('ADMIN_EMAIL');
  });

  it('issues invoices as the configured seller, with a Spanish NIF', () => {
    expect(load().seller).toEqual({
      legalName: 'Neuron Platform S.L.',
      nif: 'B12345674',
      address: 'Calle de Alcalá 1, 28014 Madrid, España',
    });
    expect(load(SELLER).seller).toEqual({
      legalName: 'Acme Cloud S.A.',
      nif: 'A28000000',
      address: 'Gran Vía 2, 28013 Madrid',
    });
    expect(() => load({ SELLER_NIF: 'DE123456789' })).toThrow(/SELLER_NIF: must be a Spanish NIF/);
  });

  it('asks VIES only when VIES is on', () => {
    expect(load().viesUrl).toBeUndefined();
    expect(load({ VIES: 'on' }).viesUrl).toBe(
      'https://ec.europa.eu/taxation_customs/vies/rest-api',
    );
    expect(load({ VIES: 'on', VIES_URL: 'http://vies.local/api/' }).viesUrl).toBe(
      'http://vies.local/api',
    );
    expect(() => load({ VIES: 'yes' })).toThrow(ConfigError);
  });

  it('keeps a SEPA debit of the sandbox processing 10 seconds unless configured', () => {
    expect(load().sandboxSepaDelaySeconds).toBe(10);
    expect(load({ SANDBOX_SEPA_DELAY_SECONDS: '0' }).sandboxSepaDelaySeconds).toBe(0);
    expect(configErrorOf({ SANDBOX_SEPA_DELAY_SECONDS: '-1' }).message).toContain(
      'SANDBOX_SEPA_DELAY_SECONDS',
    );
  });

  it('uses Stripe only with its secret key, publishable key and webhook secret', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_51QpKZZ',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51QpKZZ',
      STRIPE_WEBHOOK_SECRET: 'whsec_5f1e2d3c',
    };

    expect(load().stripe).toBeUndefined();
    expect(load(stripe).stripe).toEqual({
      secretKey: 'sk_test_51QpKZZ',
      publishableKey: 'pk_test_51QpKZZ',
      webhookSecret: 'whsec_5f1e2d3c',
    });
    expect(configErrorOf({ STRIPE_SECRET_KEY: 'sk_test_51QpKZZ' }).message).toContain(
      'STRIPE_WEBHOOK_SECRET',
    );
    expect(configErrorOf({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_51QpKZZ' }).message).toContain(
      'STRIPE_SECRET_KEY',
    );
    expect(configErrorOf({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' }).message).toContain(
      'STRIPE_WEBHOOK_SECRET',
    );
  });

  it('uses the sandbox bank aggregator unless BANK_AGGREGATOR says gocardless', () => {
    const gocardless = {
      BANK_AGGREGATOR: 'gocardless',
      GOCARDLESS_SECRET_ID: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      GOCARDLESS_SECRET_KEY: 'a1b2c3d4e5f6',
    };

    expect(load().banking).toEqual({ provider: 'sandbox' });
    expect(load({ BANK_AGGREGATOR: 'sandbox' }).banking).toEqual({ provider: 'sandbox' });
    expect(load(gocardless).banking).toEqual({
      provider: 'gocardless',
      secretId: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      secretKey: 'a1b2c3d4e5f6',
      baseUrl: undefined,
    });
    expect(
      load({ ...gocardless, GOCARDLESS_BASE_URL: 'http://127.0.0.1:4010/api/v2/' }).banking,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/api/v2/' });
  });

  it('refuses gocardless without both secrets, naming them and never showing one', () => {
    const missingKey = configErrorOf({
      BANK_AGGREGATOR: 'gocardless',
      GOCARDLESS_SECRET_ID: 'id-that-is-given',
    });
    const missingBoth = configErrorOf({ BANK_AGGREGATOR: 'gocardless', GOCARDLESS_SECRET_KEY: '' });

    expect(missingKey.message).toContain('GOCARDLESS_SECRET_KEY');
    expect(missingKey.message).not.toContain('id-that-is-given');
    expect(missingBoth.message).toContain('GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY');
  });

  it('refuses an unknown BANK_AGGREGATOR, a bad GOCARDLESS_BASE_URL and unused secrets', () => {
    expect(configErrorOf({ BANK_AGGREGATOR: 'plaid' }).message).toContain('BANK_AGGREGATOR');
    expect(
      configErrorOf({
        BANK_AGGREGATOR: 'gocardless',
        GOCARDLESS_SECRET_ID: 'id',
        GOCARDLESS_SECRET_KEY: 'key',
        GOCARDLESS_BASE_URL: 'ftp://example.org',
      }).message,
    ).toContain('GOCARDLESS_BASE_URL');
    const unused = configErrorOf({
      GOCARDLESS_SECRET_ID: 'id',
      GOCARDLESS_SECRET_KEY: 'secret-key',
    });
    expect(unused.message).toContain('BANK_AGGREGATOR');
    expect(unused.message).not.toContain('secret-key');
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(configErrorOf({ JWT_SECRET: 'too-short' }).message).toContain('JWT_SECRET');
  });

  it('uses JWT_SECRET when given, without writing a file', () => {
    const secret = 'x'.repeat(32);
    expect(load({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('generates a JWT secret when unset and keeps it in DATA_DIR', () => {
    const first = load();

    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(load().jwtSecret).toBe(first.jwtSecret);
  });

  it('creates a DATA_DIR that does not exist yet', () => {
    const nested = path.join(dataDir, 'a', 'b');
    expect(loadConfig({ DATA_DIR: nested }).dataDir).toBe(nested);
    expect(existsSync(path.join(nested, 'jwt-secret'))).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = load({
      PORT: '',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      JWT_SECRET: '',
      SMTP_URL: '',
      BLOCKED_EMAIL_FRAGMENT: '',
      LOG_LEVEL: '',
      NODE_ENV: '',
    });

    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      blockedEmailFragment: undefined,
      logLevel: 'info',
    });
    expect(config.jwtSecret).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  });
});
