import type {
  Language,
  TCategorizationResponse,
  TCategorySummary,
  TTransaction,
  TTransactionFilters,
  TTransactionsResponse,
  TUpdateCategoryResponse,
} from '@app/contracts';
import { CATEGORY_TAXONOMY } from '@app/finance';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { toEuroCents } from '../../platform/exchange-rates.js';
import { AppError, validationError } from '../../platform/errors.js';
import { describeCategory, isKnownCategory, loadCategorizer } from './categorisation.js';
import { checkDateRange } from './dates.js';
import { bumpDataVersion, saveCategoryRules } from './repository.js';
import {
  countTransactions,
  findAutomaticDescriptions,
  findTransaction,
  findTransactionPage,
  parseSort,
  recategorizeDescriptions,
  resolveScope,
  setTransactionCategory,
  sumByCategory,
  type TransactionListRow,
} from './transactions-repository.js';

export type TransactionKind = 'transaction' | 'incomes' | 'expenses';

function toTransaction(row: TransactionListRow, language: Language): TTransaction {
  return {
    txId: row.id,
    txAmount: row.amount,
    txBalance: row.balance,
    txDescription: row.description,
    txValueDate: row.valueDate,
    txOperationDate: row.operationDate,
    txCurrency: row.currency,
    accountId: row.accountId,
    accountName: row.accountName,
    conId: row.connectionId,
    category: describeCategory(row.categoryId, language),
    categoryConfidence: Math.round(row.categoryConfidence * 100) / 100,
    isCategoryManual: row.isCategoryManual,
  };
}

/** The filters checked (date rules of spec §5) and the sign an incomes or expenses list fixes. */
export function checkFilters(
  deps: Deps,
  filters: TTransactionFilters,
  kind: TransactionKind = 'transaction',
): TTransactionFilters {
  const now = deps.clock.now();
  checkDateRange(
    { from: filters.valueDateFrom, to: filters.valueDateTo },
    { from: 'valueDateFrom', to: 'valueDateTo' },
    now,
  );
  checkDateRange(
    { from: filters.operationDateFrom, to: filters.operationDateTo },
    { from: 'operationDateFrom', to: 'operationDateTo' },
    now,
  );
  if (kind === 'transaction') return filters;
  return { ...filters, amountSign: kind === 'incomes' ? 'income' : 'expense' };
}

export async function listTransactions(
  deps: Deps,
  options: {
    teamId: string;
    language: Language;
    kind: TransactionKind;
    filters: TTransactionFilters;
    page: number;
    pageSize: number;
    sortBy: string;
  },
): Promise<TTransactionsResponse> {
  const filters = checkFilters(deps, options.filters, options.kind);
  const scope = await resolveScope(deps.db, options.teamId, filters);
  const [rows, total] = await Promise.all([
    findTransactionPage(deps.db, scope, {
      sort: parseSort(options.sortBy),
      limit: options.pageSize,
      offset: options.page * options.pageSize,
    }),
    countTransactions(deps.db, scope),
  ]);
  return {
    items: rows.map((row) => toTransaction(row, options.language)),
    total,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/**
 * A person sets a transaction's category. The team's categoriser learns it, and with
 * `applyToSimilar` the team's other transactions that no person categorised are run through
 * the taught categoriser again, so similar ones take the new category at once.
 */
export async function updateTransactionCategory(
  deps: Deps,
  options: {
    teamId: string;
    language: Language;
    transactionId: string;
    categoryId: number;
    applyToSimilar: boolean;
  },
): Promise<TUpdateCategoryResponse> {
  const { teamId } = options;
  if (!isKnownCategory(options.categoryId)) {
    throw validationError({ catId: 'validation.invalid' }, 'There is no such category.');
  }
  const row = await findTransaction(deps.db, teamId, options.transactionId);
  if (!row) throw new AppError('NOT_FOUND');
  const similarUpdated = await deps.db.transaction(async (tx) => {
    const categorizer = await loadCategorizer(deps, tx, teamId);
    const corrections = categorizer.learn({
      description: row.description,
      amount: row.amount,
      categoryId: options.categoryId,
    });
    await saveCategoryRules(tx, teamId, corrections, deps.clock.now());
    await setTransactionCategory(tx, teamId, row.id, options.categoryId);
    let changed = 0;
    if (options.applyToSimilar) {
      const scope = { isIncome: row.amount > 0, excludeId: row.id };
      // In a worker thread: a team's descriptions can number in the hundreds of thousands.
      const decided = await cpuPool.run('categorizeByCorrections', {
        corrections,
        descriptions: await findAutomaticDescriptions(tx, teamId, scope),
        isIncome: scope.isIncome,
      });
      changed = await recategorizeDescriptions(tx, teamId, scope, decided);
    }
    await bumpDataVersion(tx, teamId);
    return changed;
  });
  const updated = await findTransaction(deps.db, teamId, row.id);
  if (!updated) throw new AppError('NOT_FOUND');
  return { transaction: toTransaction(updated, options.language), similarUpdated };
}

/** Totals by parent and sub-category, in euros, for the categorisation charts. */
export async function summarizeCategories(
  deps: Deps,
  options: { teamId: string; language: Language; filters: TTransactionFilters },
): Promise<TCategorizationResponse> {
  const filters = checkFilters(deps, options.filters);
  const [rows, rates] = await Promise.all([
    resolveScope(deps.db, options.teamId, filters).then((scope) => sumByCategory(deps.db, scope)),
    deps.exchangeRates.get(),
  ]);
  const summarize = (isIncome: boolean): TCategorySummary[] =>
    CATEGORY_TAXONOMY.flatMap((parent) => {
      const subcategories = parent.subcategories.map((subcategory) => {
        const matching = rows.filter(
          (row) => row.categoryId === subcategory.id && row.isIncome === isIncome,
        );
        return {
          catId: subcategory.id,
          description: subcategory.names[options.language],
          color: subcategory.color,
          total: matching.reduce(
            (sum, row) => sum + toEuroCents(row.total, row.currency, rates),
            0,
          ),
          count: matching.reduce((sum, row) => sum + row.count, 0),
        };
      });
      const used = subcategories.filter((subcategory) => subcategory.count > 0);
      if (used.length === 0) return [];
      return [
        {
          parentId: parent.id,
          description: parent.names[options.language],
          color: parent.color,
          total: used.reduce((sum, subcategory) => sum + subcategory.total, 0),
          count: used.reduce((sum, subcategory) => sum + subcategory.count, 0),
          subcategories: used,
        },
      ];
    }).sort((a, b) => b.total - a.total);
  return { expenses: summarize(false), incomes: summarize(true), currency: 'EUR' };
}
