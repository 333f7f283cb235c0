// The worker threads' entry when the server runs from its TypeScript sources (tsx, vitest):
// a thread does not inherit the process's TypeScript loader, so it loads the tasks through tsx.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./tasks.ts', import.meta.url);

export const {
  anonymizeText,
  categorizeByCorrections,
  categorizeRows,
  listRecurringPayments,
  readStatement,
  renderInvoicePdf,
  convertDataset,
  generateDataset,
  generateRelationalDataset,
  profileDataset,
  reportDataset,
  synthesizeDataset,
  synthesizeRelationalDataset,
} = tasks;
