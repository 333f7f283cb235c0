// Lighthouse (12.x, run through npx, not a dependency) on the sign-in, home, plans and
// subscriptions pages, desktop and mobile, against the built app on a fresh embedded database.
// Run: npm run bench:lighthouse   (it builds first)
// BENCH_RUNS=3 runs every page that many times and prints the median of each figure.
// BENCH_PAGES=plans,subscriptions runs only those pages.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { subscribeWithTestCard } from '../e2e/support/billing';
import { uniqueEmail } from '../e2e/support/outbox';
import { signUpConfirmed } from '../e2e/support/pages';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const BASE_URL = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_PAGES = [
  { name: 'sign-in', path: '/sign-in', isSignedIn: false },
  { name: 'home', path: '/home', isSignedIn: true },
  { name: 'plans', path: '/neurons/LegalMind/plans', isSignedIn: true },
  { name: 'subscriptions', path: '/account/subscription', isSignedIn: true },
];
const CHOSEN = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const PAGES = ALL_PAGES.filter(({ name }) => CHOSEN === undefined || CHOSEN.includes(name));
if (PAGES.length === 0)
  throw new Error(`BENCH_PAGES names none of the pages: ${process.env.BENCH_PAGES}`);
const AIMS = { desktop: 0.95, mobile: 0.9, accessibility: 0.95 };
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

type Scores = { performance: number; accessibility: number; lcpSeconds: number; tbtMs: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each figure is the median over the runs: the shared machine's load varies from run to run. */
function medianScores(runs: Scores[]): Scores {
  return {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    lcpSeconds: median(runs.map((run) => run.lcpSeconds)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
  };
}

/**
 * Lighthouse now and then loses the trace on a loaded machine (NO_NAVSTART): such a run is
 * made again, up to three times in all.
 */
function runLighthouse(url: string, formFactor: 'desktop' | 'mobile', profile: string): Scores {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouseOnce(url, formFactor, profile);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Lighthouse launches its own Chromium on the profile the customer signed in with. */
function runLighthouseOnce(url: string, formFactor: 'desktop' | 'mobile', profile: string): Scores {
  const output = path.join(mkdtempSync(path.join(tmpdir(), 'lighthouse-')), 'report.json');
  const result = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`,
      '--disable-storage-reset',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  return {
    performance: report.categories.performance?.score ?? 0,
    accessibility: report.categories.accessibility?.score ?? 0,
    lcpSeconds: (report.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? 0,
  };
}

/** Signs a new customer up and pays a plan in a profile that then holds the session. */
async function signInProfile(profile: string): Promise<void> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL: BASE_URL,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signUpConfirmed(page, {
      email: uniqueEmail('lighthouse'),
      firstName: 'Lia',
      lastName: 'Light',
    });
    await subscribeWithTestCard(page, { plansPath: '/neurons/LegalMind/plans', plan: 'Basic' });
  } finally {
    await context.close();
  }
}

// Node runs tsx itself so that stopping the server stops the process that listens.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: BASE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'neuron-lighthouse-')),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '200',
  },
  stdio: 'inherit',
});
try {
  await waitForHealth();
  const signedOut = mkdtempSync(path.join(tmpdir(), 'lighthouse-signed-out-'));
  const signedIn = mkdtempSync(path.join(tmpdir(), 'lighthouse-signed-in-'));
  await signInProfile(signedIn);
  const rows = PAGES.map(({ name, path: pagePath, isSignedIn }) => {
    const profile = isSignedIn ? signedIn : signedOut;
    const desktopRuns: Scores[] = [];
    const mobileRuns: Scores[] = [];
    for (let run = 0; run < RUNS; run++) {
      desktopRuns.push(runLighthouse(`${BASE_URL}${pagePath}`, 'desktop', profile));
      mobileRuns.push(runLighthouse(`${BASE_URL}${pagePath}`, 'mobile', profile));
    }
    const desktop = medianScores(desktopRuns);
    const mobile = medianScores(mobileRuns);
    return {
      page: name,
      'perf desktop': desktop.performance,
      'perf mobile': mobile.performance,
      'a11y desktop': desktop.accessibility,
      'a11y mobile': mobile.accessibility,
      'LCP mobile s': mobile.lcpSeconds.toFixed(1),
      'TBT mobile ms': Math.round(mobile.tbtMs),
      'meets aims':
        desktop.performance >= AIMS.desktop &&
        mobile.performance >= AIMS.mobile &&
        Math.min(desktop.accessibility, mobile.accessibility) >= AIMS.accessibility
          ? 'yes'
          : 'no',
    };
  });
  console.table(rows);
} finally {
  server.kill('SIGTERM');
}
