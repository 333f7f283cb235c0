import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/support/admin';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://localhost:${PORT}`;
// A fresh embedded database for every run.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'neuron-e2e-'));

/** End-to-end journeys in Debian's Chromium against the real server and built web app. */
export default defineConfig({
  testDir: 'e2e',
  // The journeys over the real data beside the repository: `playwright.eval.config.ts`.
  testIgnore: '**/*.eval.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The compiled server, as in production: `npm run build` makes it.
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `${BASE_URL}/api/health`,
    // Migrations and the catalogue seed on a fresh embedded database: about a minute on a busy
    // two-core machine.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '200',
      SANDBOX_SEPA_DELAY_SECONDS: '5',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
