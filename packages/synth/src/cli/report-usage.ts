import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { CliIo } from '@app/engine-kit';

/** Where and with which token a command reports its usage (`--report-usage URL --token T`). */
export type UsageTarget = { url: string; token: string };

/** What a command did, without any of its data: the platform meters rows. */
export type UsageSummary = {
  command: 'synthesize' | 'synthesize-relational';
  algorithm: string;
  rows: number;
};

/** A synthesizing command's streams, and whom to tell what it produced (for `--report-usage`). */
export type SynthesisIo = CliIo & { onSynthesized?: (summary: UsageSummary) => void };

const REPORT_TIMEOUT_MS = 10_000;

/**
 * Takes `--report-usage URL` and `--token T` out of a command's arguments (they are the same
 * for every command); an error message when only one is given or the address is not http(s).
 */
export function takeUsageTarget(args: string[]): {
  args: string[];
  target?: UsageTarget;
  error?: string;
} {
  const rest: string[] = [];
  let url: string | undefined;
  let token: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--report-usage') url = args[++index];
    else if (arg === '--token') token = args[++index];
    else if (arg !== undefined) rest.push(arg);
  }
  if (url === undefined && token === undefined) return { args: rest };
  if (!url || !token) return { args: rest, error: '--report-usage URL needs --token TOKEN.' };
  if (!/^https?:\/\//.test(url)) {
    return { args: rest, error: '--report-usage takes an http:// or https:// address.' };
  }
  return { args: rest, target: { url, token } };
}

/** A report as sent: the summary, its duration and version, and an id the platform counts once. */
type UsageReport = UsageSummary & { durationMs: number; version: string; reportId: string };

/** How one report fared: sent, to keep for the next run (unreachable, busy), or refused for good. */
type Delivery = 'sent' | 'retry' | 'refused';

async function send(
  target: UsageTarget,
  report: UsageReport,
  stderr: CliIo['stderr'],
): Promise<Delivery> {
  const url = new URL(target.url);
  url.searchParams.set('token', target.token);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    });
    if (response.ok) return 'sent';
    // A wrong or replaced token is kept too: the next run may carry the right one.
    const isLater = [401, 403, 429].includes(response.status) || response.status >= 500;
    stderr.write(
      `Usage report not sent${isLater ? ' (kept to send on the next run)' : ''}: the platform answered ${String(response.status)} ${await response.text()}\n`,
    );
    return isLater ? 'retry' : 'refused';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    stderr.write(`Usage report not sent (kept to send on the next run): ${reason}\n`);
    return 'retry';
  }
}

/** The reports an earlier run could not send (one JSON object a line); unreadable lines are skipped. */
async function readQueue(file: string): Promise<UsageReport[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as UsageReport];
      } catch {
        return [];
      }
    });
}

async function writeQueue(file: string, reports: UsageReport[]): Promise<void> {
  if (reports.length === 0) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, reports.map((report) => `${JSON.stringify(report)}\n`).join(''));
}

/** Where unsent reports wait: `SINTEZA_USAGE_QUEUE`, or `.sinteza/usage-queue.jsonl` in the home folder. */
export function usageQueueFile(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.SINTEZA_USAGE_QUEUE ?? path.join(homedir(), '.sinteza', 'usage-queue.jsonl');
}

/**
 * Sends the summary to the platform (POST URL?token=T, JSON), after the reports earlier runs
 * could not send. A report the platform could not be reached for (or that it answered busy or
 * with a server error, or refused its token) is kept in `queueFile` for the next run; one it
 * refused as malformed is dropped. Each report carries an id, so one sent twice (its answer lost) counts once.
 * Reporting never fails the command: standard error says what was not sent. The queue holds
 * summaries only, never the token.
 */
export async function reportUsage(options: {
  target: UsageTarget;
  summary: UsageSummary;
  durationMs: number;
  version: string;
  queueFile: string;
  stderr: CliIo['stderr'];
}): Promise<boolean> {
  const report: UsageReport = {
    ...options.summary,
    durationMs: Math.round(options.durationMs),
    version: options.version,
    reportId: randomUUID(),
  };
  const kept: UsageReport[] = [];
  let isSent = false;
  for (const pending of [...(await readQueue(options.queueFile)), report]) {
    const delivery = await send(options.target, pending, options.stderr);
    if (delivery === 'retry') kept.push(pending);
    if (pending === report) isSent = delivery === 'sent';
  }
  try {
    await writeQueue(options.queueFile, kept);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.stderr.write(
      `Unsent usage reports could not be kept in ${options.queueFile}: ${reason}\n`,
    );
  }
  return isSent;
}
