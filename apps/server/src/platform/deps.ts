import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { BankAggregator } from './banking/aggregator.js';
import type { Clock } from './clock.js';
import type { ExchangeRates } from './exchange-rates.js';
import type { JobQueue } from './jobs.js';
import type { Lifecycle } from './lifecycle.js';
import type { Mailer } from './mail/mailer.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { Storage } from './storage.js';
import type { SessionTokens } from './tokens.js';

/** What services receive: the platform's real implementations, embedded or external. */
export type Deps = {
  config: Config;
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  payments: PaymentGateway;
  banking: BankAggregator;
  exchangeRates: ExchangeRates;
  storage: Storage;
  sessions: SessionTokens;
  log: FastifyBaseLogger;
  lifecycle: Lifecycle;
};
