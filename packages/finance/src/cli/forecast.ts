import Papa from 'papaparse';
import {
  CashflowError,
  FORECAST_HORIZONS,
  forecastBalance,
  isForecastHorizon,
} from '../cashflow/index.js';
import { parseIsoDay } from '../cashflow/dates.js';
import type { DailyAmount } from '../types.js';
import type { CliIo } from '@app/engine-kit';

const USAGE = `Usage: finance forecast --horizon DAYS [--opening-balance CENTS]
Reads an account's transactions as CSV "date,amount" on standard input (date yyyy-mm-dd,
amount in integer cents, money in positive; several rows per day allowed; an optional
header row) and prints the daily balance forecast as a JSON array of forecast rows.
DAYS is one of ${FORECAST_HORIZONS.join(', ')}. CENTS is the balance before the first row (default 0).
Exit status: 0 forecast printed, 2 bad usage or input (nothing printed).
`;

class UsageError extends Error {}

type Arguments = { horizon: number; openingBalance: number };

function readInteger(name: string, value: string | undefined): number {
  if (value === undefined || !/^[+-]?\d+$/.test(value)) {
    throw new UsageError(`${name} needs a whole number, not "${value ?? ''}".`);
  }
  return Number(value);
}

function readArguments(args: readonly string[]): Arguments {
  let horizon: number | undefined;
  let openingBalance = 0;
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index];
    const value = args[index + 1];
    if (name === '--horizon') horizon = readInteger(name, value);
    else if (name === '--opening-balance') openingBalance = readInteger(name, value);
    else throw new UsageError(`Unexpected argument: ${name ?? ''}`);
  }
  if (horizon === undefined) throw new UsageError('--horizon is required.');
  if (!isForecastHorizon(horizon)) {
    throw new UsageError(
      `--horizon must be one of ${FORECAST_HORIZONS.join(', ')} days, not ${horizon}.`,
    );
  }
  if (!Number.isSafeInteger(openingBalance)) {
    throw new UsageError('--opening-balance is too large.');
  }
  return { horizon, openingBalance };
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk.toString());
  return chunks.join('');
}

/** The CSV's rows; a wrong row stops the command with its line number. */
function readRows(text: string): DailyAmount[] {
  const lines = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows: DailyAmount[] = [];
  lines.data.forEach((cells, index) => {
    const line = index + 1;
    const [date = '', amount = '', ...rest] = cells.map((cell) => cell.trim());
    if (index === 0 && date.toLowerCase() === 'date' && amount.toLowerCase() === 'amount') return;
    if (cells.length !== 2 || rest.length > 0) {
      throw new UsageError(
        `line ${line}: expected 2 columns "date,amount", found ${cells.length}.`,
      );
    }
    parseIsoDay(date, `line ${line}`);
    if (!/^[+-]?\d+$/.test(amount) || !Number.isSafeInteger(Number(amount))) {
      throw new UsageError(`line ${line}: amount "${amount}" is not a whole number of cents.`);
    }
    rows.push({ date, amount: Number(amount) });
  });
  return rows;
}

/** `finance forecast`: transactions CSV in, forecast rows (JSON) out. */
export async function runForecastCommand(args: string[], io: CliIo): Promise<number> {
  try {
    const { horizon, openingBalance } = readArguments(args);
    const history = readRows(await readText(io.stdin));
    const rows = forecastBalance({ history, openingBalance, horizon });
    io.stdout.write(`${JSON.stringify(rows)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof CashflowError) {
      io.stderr.write(`forecast: ${error.message}\n${error instanceof UsageError ? USAGE : ''}`);
      return 2;
    }
    throw error;
  }
}
