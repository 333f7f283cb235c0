import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { PHOTO_MAX_BYTES } from '@app/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { dataverseRoutes } from './modules/dataverse/routes.js';
import { purchaseRoutes } from './modules/dataverse/purchase-routes.js';
import { reportRoutes } from './modules/dataverse/report-routes.js';
import { financialViewerRoutes } from './modules/financial-viewer/routes.js';
import {
  FINANCIAL_MANAGER_PREFIX,
  financialManagerRoutes,
} from './modules/financial-viewer/financial-manager-routes.js';
import { widgetRoutes } from './modules/financial-viewer/widget-routes.js';
import { csvDownloadRoutes } from './modules/financial-viewer/csv-download.js';
import { insightsRoutes } from './modules/legal-mind/insights-routes.js';
import { wordFileRoutes } from './modules/legal-mind/word-file-routes.js';
import { legalMindRoutes } from './modules/legal-mind/routes.js';
import { neuronAccessRoutes } from './modules/neuron-access/routes.js';
import { nucleusRoutes } from './modules/nucleus/routes.js';
import { createSintezaTokenApi } from './modules/nucleus/token-api.js';
import { edgeUsageRoutes } from './modules/nucleus/edge.js';
import { supportRoutes } from './modules/support/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { teamsRoutes } from './modules/teams/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { authPlugin } from './platform/auth.js';
import type { BankAggregator } from './platform/banking/aggregator.js';
import { createGoCardlessAggregator } from './platform/banking/gocardless/gocardless-aggregator.js';
import { cpuPool } from './platform/cpu/cpu-pool.js';
import { sandboxBankRoutes } from './platform/banking/sandbox/consent-routes.js';
import { createSandboxAggregator } from './platform/banking/sandbox/sandbox-aggregator.js';
import { bankWidgetAssetRoutes } from './platform/banking/widget-assets.js';
import { validatorCompiler } from './platform/validation.js';
import { contentSecurityDirectives } from './platform/content-security-policy.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Deps } from './platform/deps.js';
import { errorsPlugin } from './platform/errors.js';
import { createExchangeRates } from './platform/exchange-rates.js';
import { JobQueue } from './platform/jobs.js';
import { Lifecycle } from './platform/lifecycle.js';
import { registerMetrics } from './platform/metrics.js';
import { createMailer } from './platform/mail/mailer.js';
import { createOutboxTransport, createSmtpTransport } from './platform/mail/transport.js';
import { loggerOptions } from './platform/logging.js';
import { createPaymentGateway } from './platform/payments/create-payment-gateway.js';
import { paymentsRoutes } from './platform/payments/routes.js';
import { S3Storage } from './platform/s3-storage.js';
import { createStorage } from './platform/storage-backend.js';
import { createSessionTokens } from './platform/tokens.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    deps: Deps;
  }
}

function refuseUnreadableAddress(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(400).send({
    error: { code: 'VALIDATION', message: 'The address of the request is not valid.' },
  });
}

export type BuildAppOptions = { config: Config; db: Database; clock?: Clock };

/** Builds the whole app from plugins; `main.ts` and the tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config),
    // Behind a proxy the client address is in X-Forwarded-For; trusted only when configured,
    // or anyone could pick an address and slip past the rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // An address that cannot be decoded (a lone surrogate's bytes, a bad %-escape) gets the
    // API's own error envelope, as every other refusal does.
    frameworkErrors: refuseUnreadableAddress,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new JobQueue({
    db,
    clock,
    log: app.log,
    lockMilliseconds: config.jobLockMilliseconds,
  });
  const transport = config.smtpUrl
    ? createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxTransport({ db, log: app.log });
  const deps: Deps = {
    config,
    db,
    clock,
    jobs,
    mailer: createMailer({ transport, jobs }),
    payments: createPaymentGateway({ config, db, clock, jobs }),
    banking: createBankAggregator({ config, db, clock, log: app.log }),
    exchangeRates: createExchangeRates({ url: config.exchangeRatesUrl, clock }),
    storage: createStorage(config, clock),
    sessions: createSessionTokens({
      secret: config.jwtSecret,
      ttlHours: config.jwtTtlHours,
      clock,
    }),
    log: app.log,
    lifecycle: new Lifecycle(),
  };
  // A bucket that is missing or refuses the credentials stops the start, saying so.
  await deps.storage.check();
  app.decorate('deps', deps);
  app.addHook('onClose', () => cpuPool.close());
  // A stopping process closes each connection after its answer: a kept-alive one would
  // otherwise hold the shutdown until its idle timeout.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (deps.lifecycle.isDraining) void reply.header('connection', 'close');
    return payload;
  });

  const hasGoCardless = config.banking.provider === 'gocardless';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: contentSecurityDirectives({
        hasStripe: config.stripe !== undefined,
        hasGoCardless,
        storageOrigin: config.s3 && S3Storage.publicOrigin(config.s3),
      }),
    },
    // The bank widget popup goes through the provider's pages and back: the app keeps its
    // reference to it (widget-routes.ts opts those pages out of isolation).
    crossOriginOpenerPolicy: { policy: hasGoCardless ? 'same-origin-allow-popups' : 'same-origin' },
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(errorsPlugin);
  registerMetrics(app, { db, clock, token: config.metricsToken });
  await app.register(authPlugin, { deps });
  await app.register(swagger, {
    openapi: { info: { title: 'Neuron Platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  // The web app's Sinteza calls are served again for the Nucleus access token (token-api.ts).
  const sintezaTokenApi = createSintezaTokenApi();
  app.addHook('onRoute', sintezaTokenApi.collect);
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { deps });
      await api.register(authRoutes, { deps });
      await api.register(usersRoutes, { deps });
      await api.register(supportRoutes, { deps });
      await api.register(teamsRoutes, { deps });
      await api.register(adminRoutes, { deps });
      await api.register(paymentsRoutes, { deps });
      await api.register(catalogueRoutes, { deps });
      await api.register(billingRoutes, { deps });
      await api.register(neuronAccessRoutes, { deps });
      await api.register(wordFileRoutes, { deps });
      await api.register(insightsRoutes, { deps });
      await api.register(financialViewerRoutes, { deps });
      await api.register(widgetRoutes, { deps });
      await api.register(csvDownloadRoutes, { deps });
      await api.register(nucleusRoutes, { deps });
      await api.register(dataverseRoutes, { deps });
      await api.register(purchaseRoutes, { deps });
      await api.register(reportRoutes, { deps });
      if (config.banking.provider === 'sandbox') await api.register(sandboxBankRoutes, { deps });
      else await api.register(bankWidgetAssetRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(legalMindRoutes, { deps });
  await app.register(financialManagerRoutes, { deps, prefix: FINANCIAL_MANAGER_PREFIX });
  await app.register(sintezaTokenApi.routes, { deps });
  await app.register(edgeUsageRoutes, { deps });

  registerWebApp(app, config.webDist);
  return app;
}

/** The sandbox aggregator, or GoCardless Bank Account Data when `BANK_AGGREGATOR=gocardless`. */
function createBankAggregator(options: {
  config: Config;
  db: Database;
  clock: Clock;
  log: FastifyInstance['log'];
}): BankAggregator {
  const { config, db, clock } = options;
  if (config.banking.provider === 'sandbox') {
    return createSandboxAggregator({ db, clock, publicUrl: config.publicUrl });
  }
  return createGoCardlessAggregator({
    secretId: config.banking.secretId,
    secretKey: config.banking.secretKey,
    baseUrl: config.banking.baseUrl,
    clock,
    log: {
      error: (message) => {
        options.log.error(message);
      },
    },
  });
}

/** `/api` and `/v1`, alone or followed by a path or a query: the API's addresses. */
const API_PREFIX = /^\/(api|v1)(?:[/?#]|$)/;

/** Serves the built SPA; unknown `/api` paths answer 404 JSON, other paths the app shell. */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(response, filePath) {
        // Vite names every asset by its content's hash: a new build has new names. The app
        // shell names them, so it is checked on every load.
        if (filePath.startsWith(assetsDir)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          response.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    (request, reply) => {
      // The neurons' public APIs live under /v1 (LegalMind's token page shows `/v1` itself):
      // an unknown address there, the prefix alone included, is an API's 404 too.
      const isApi = API_PREFIX.test(request.url);
      if (isApi || request.method !== 'GET' || !hasWebApp) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      }
      return reply.sendFile('index.html');
    },
  );
}
