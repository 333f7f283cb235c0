import type { CliIo } from './cli-io.js';

/** Where and with which token a command reports its usage (`--report-usage URL --token T`). */
export type UsageTarget = { url: string; token: string };

/** What a command did, without any of its data: the platform meters rows. */
export type UsageSummary = { command: 'synthesize'; algorithm: string; rows: number };

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

/**
 * Sends the summary to the platform (POST URL?token=T, JSON). Reporting never fails the
 * command: when the platform cannot be reached or refuses, standard error says so.
 */
export async function reportUsage(options: {
  target: UsageTarget;
  summary: UsageSummary;
  durationMs: number;
  version: string;
  stderr: CliIo['stderr'];
}): Promise<boolean> {
  const url = new URL(options.target.url);
  url.searchParams.set('token', options.target.token);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...options.summary,
        durationMs: Math.round(options.durationMs),
        version: options.version,
      }),
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    });
    if (response.ok) return true;
    options.stderr.write(
      `Usage report not sent: the platform answered ${String(response.status)} ${await response.text()}\n`,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.stderr.write(`Usage report not sent: ${reason}\n`);
  }
  return false;
}
