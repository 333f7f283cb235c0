/**
 * The CPU-heavy work of the API, run in the worker threads of `cpu-pool.ts` so the request
 * loop keeps answering. Each task takes and returns plain data, and answers the engine's known
 * error as data: an Error's own fields (its code) do not survive the trip between threads.
 */
import { AnonymizationError, anonymize, type AnonymizeMode } from '@app/anonymizer';
import { StatementImportError, parseStatement, type StatementParseResult } from '@app/finance';
import type { TColumnMapping } from '@app/contracts/financial-viewer';

/** An invoice's PDF from its worded content: the bytes of the document. */
export { renderInvoicePdf } from '../../modules/billing/invoice-pdf.js';

/**
 * The forecast's recurring payments of a selection's transactions; the categories of a
 * statement's rows; the descriptions a team's corrections decide.
 */
export {
  categorizeByCorrections,
  categorizeRows,
  listRecurringPayments,
} from '../../modules/financial-viewer/engine-tasks.js';

/** Nucleus runs: a dataset profiled, synthesized, generated from a stored model, compared with its synthetic rows, converted. */
export {
  convertDataset,
  generateDataset,
  generateRelationalDataset,
  profileDataset,
  reportDataset,
  synthesizeDataset,
  synthesizeRelationalDataset,
} from '../../modules/nucleus/engine-tasks.js';

export type TaskOutcome<T, Code extends string> =
  { ok: true; value: T } | { ok: false; code: Code; message: string };

export type AnonymizeOutcome = TaskOutcome<
  { text: string; findings: Record<string, number> },
  AnonymizationError['code']
>;

export function anonymizeText(input: { text: string; mode: AnonymizeMode }): AnonymizeOutcome {
  try {
    const result = anonymize(input);
    const findings: Record<string, number> = {};
    for (const { label } of result.replacements) findings[label] = (findings[label] ?? 0) + 1;
    return { ok: true, value: { text: result.text, findings } };
  } catch (error) {
    if (error instanceof AnonymizationError) {
      return { ok: false, code: error.code, message: error.message };
    }
    throw error;
  }
}

export type ParseStatementOutcome = TaskOutcome<StatementParseResult, StatementImportError['code']>;

export function readStatement(input: {
  data: Uint8Array;
  mapping?: TColumnMapping;
}): ParseStatementOutcome {
  try {
    return { ok: true, value: parseStatement(input) };
  } catch (error) {
    if (error instanceof StatementImportError) {
      return { ok: false, code: error.code, message: error.message };
    }
    throw error;
  }
}
