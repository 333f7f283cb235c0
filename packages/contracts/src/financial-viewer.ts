import { z } from 'zod';
import { VALIDATION } from './common.js';

/** The Financial Viewer (spec 001, sections 2–9). Money is integer cents, dates ISO yyyy-mm-dd. */

export const FINANCIAL_VIEWER_NEURON = 'FinancialViewer';
/** A bank's code: the sandbox's are short, GoCardless institution ids run longer. */
export const BANK_CODE_MAX_LENGTH = 100;

export const CONNECTION_STATUSES = ['PENDING', 'OK', 'UPDATING', 'ERROR', 'EXPIRED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** `BANK`: through the aggregator and its widget; `FILE`: statements imported by hand. */
export const CONNECTION_SOURCES = ['BANK', 'FILE'] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

export const ACCOUNT_TYPES = ['ACCOUNT', 'CARD'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_SUBTYPES_BY_TYPE = {
  ACCOUNT: ['CHECKING', 'SAVING', 'MONEY_MARKET', 'CERTIFICATE_OF_DEPOSIT'],
  CARD: ['PREPAID', 'CREDIT', 'DEBIT'],
} as const;
export const ACCOUNT_SUBTYPES = [
  ...ACCOUNT_SUBTYPES_BY_TYPE.ACCOUNT,
  ...ACCOUNT_SUBTYPES_BY_TYPE.CARD,
] as const;
export type AccountSubtype = (typeof ACCOUNT_SUBTYPES)[number];

export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Spec §9. */
export const CONNECTION_POLL_MILLISECONDS = 3000;
export const TRANSACTIONS_PAGE_SIZE = 10;
export const ACCOUNTS_PAGE_SIZES = [8, 16] as const;
export const CASHFLOW_PAGE_SIZE = 20;
export const IMPORT_PREVIEW_ROWS = 20;
export const MAX_PAGE_SIZE = 10_000;
export const DATE_RANGE_MAX_YEARS = 20;
export const FORECAST_HORIZONS = [30, 60, 90, 180, 365] as const;
export type ForecastHorizon = (typeof FORECAST_HORIZONS)[number];
export const CARD_NUMBER_LENGTH = 16;
/** The largest statement file the import accepts, in bytes. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Above this size an import runs as a job with progress instead of inside the request. */
export const STATEMENT_JOB_THRESHOLD_BYTES = 512 * 1024;
export const STATEMENT_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;
/** The currency list of the rates service starts with these (spec §7). */
export const LEADING_CURRENCIES = ['EUR', 'USD'] as const;

export const FINANCIAL_VIEWER_VALIDATION = {
  connectionExists: 'validation.financialViewer.connectionExists',
  companyExists: 'validation.financialViewer.companyExists',
  cardNumber: 'validation.financialViewer.cardNumber',
  dateTooEarly: 'validation.financialViewer.dateTooEarly',
  dateInFuture: 'validation.financialViewer.dateInFuture',
  dateOrder: 'validation.financialViewer.dateOrder',
  subtype: 'validation.financialViewer.subtype',
  statementType: 'validation.financialViewer.statementType',
  accountExists: 'validation.financialViewer.accountExists',
  /** A currency the ECB publishes no euro rate for: its money could not be summed in euros. */
  currency: 'validation.financialViewer.currency',
} as const;

/** The module's own error codes (`error.code` of a 4xx); the web maps each to its text. */
export const FINANCIAL_VIEWER_ERRORS = {
  /** 402: no active subscription to the Financial Viewer. */
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  /** 422: the plan's bank connections are all used ('Plan exceeded'). */
  planExceeded: 'PLAN_EXCEEDED',
  /** 423: the user is blocked (spec: blocked users see an error in the Financial Viewer). */
  userBlocked: 'USER_BLOCKED',
  /** 409 'alreadyExistsAccount': the account number belongs to another connection. */
  accountExists: 'ACCOUNT_EXISTS',
  /** 416 'exactAccount': the statement's stated account does not match the chosen one. */
  accountMismatch: 'ACCOUNT_MISMATCH',
  /** 422 'importError': the file cannot be read as a statement. */
  importFailed: 'IMPORT_FAILED',
} as const;

const trimmedName = (max: number) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, { error: VALIDATION.required })
    .max(max, { error: VALIDATION.tooLong });

export const ZIsoDate = z.iso.date({ error: VALIDATION.invalid });
const ZUuidList = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    const ids = text.split(',').filter((id) => id !== '');
    if (ids.some((id) => !z.uuid().safeParse(id).success)) {
      context.addIssue({ code: 'custom', message: VALIDATION.invalid });
      return z.NEVER;
    }
    return ids;
  });
const ZTextList = z
  .string()
  .max(5_000)
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
const ZAccountTypeList = z
  .string()
  .max(50)
  .transform((text, context) => {
    const types = text.split(',').filter((item) => item !== '');
    if (types.some((type) => !(ACCOUNT_TYPES as readonly string[]).includes(type))) {
      context.addIssue({ code: 'custom', message: VALIDATION.invalid });
      return z.NEVER;
    }
    return types as AccountType[];
  });

// --- Banks ---

export const ZBank = z.object({
  bank_name: z.string(),
  bank_code: z.string(),
  country_code: z.string(),
  /** A data: URL of the bank's logo, drawn by us. */
  logo: z.string(),
});
export type TBank = z.infer<typeof ZBank>;
export const ZBanksQuery = z.object({ country: z.string().length(2).optional() });
export const ZBanksResponse = z.array(ZBank);

// --- Connections ---

export const ZConnection = z.object({
  conId: z.uuid(),
  conName: z.string(),
  conSource: z.enum(CONNECTION_SOURCES),
  conEntityCode: z.string().nullable(),
  conEntityName: z.string().nullable(),
  conStatus: z.enum(CONNECTION_STATUSES),
  /** Why it is in ERROR or EXPIRED: a stable code (`CONSENT_EXPIRED`, `BANK_UNAVAILABLE`, …). */
  conStatusReason: z.string().nullable(),
  conLastRefreshDate: z.string().nullable(),
  conOperationId: z.string(),
  conUploadedFile: z.string().nullable(),
  conAccountCount: z.number().int(),
});
export type TConnection = z.infer<typeof ZConnection>;
export const ZConnectionsResponse = z.array(ZConnection);

export const ZConnectionIdParams = z.object({ id: z.uuid() });

export const ZCreateConnectionRequest = z
  .object({
    conName: trimmedName(80),
    source: z.enum(CONNECTION_SOURCES).default('BANK'),
    /** The bank of a FILE connection, from the bank list (the import wizard's autocomplete). */
    bankCode: z.string().trim().min(1).max(BANK_CODE_MAX_LENGTH).optional(),
  })
  .refine((value) => value.source === 'BANK' || value.bankCode !== undefined, {
    path: ['bankCode'],
    error: VALIDATION.required,
  });
export type TCreateConnectionRequest = z.input<typeof ZCreateConnectionRequest>;

export const ZCreateConnectionResponse = ZConnection.extend({
  /** Where the bank widget opens, for BANK connections (same origin). */
  widgetUrl: z.string().nullable(),
});
export type TCreateConnectionResponse = z.infer<typeof ZCreateConnectionResponse>;

// --- Companies and accounts ---

export const ZCompany = z.object({ companyId: z.uuid(), companyName: z.string() });
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompaniesResponse = z.array(ZCompany);
export const ZCreateCompanyRequest = z.object({ companyName: trimmedName(100) });
export type TCreateCompanyRequest = z.infer<typeof ZCreateCompanyRequest>;

export const ZAssignCompanyRequest = z.object({ accountCompanyName: trimmedName(100) });
export type TAssignCompanyRequest = z.infer<typeof ZAssignCompanyRequest>;

export const ZAccountIdParams = z.object({ id: z.uuid() });

export const ZAccount = z.object({
  accountId: z.uuid(),
  accountName: z.string(),
  accountNumber: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  accountSubtype: z.enum(ACCOUNT_SUBTYPES),
  accountCurrency: z.string(),
  accountCompanyName: z.string().nullable(),
  accountCurrentBalance: z.number().int(),
  accountAvailableBalance: z.number().int(),
  conId: z.uuid(),
  conName: z.string(),
  entCode: z.string().nullable(),
  entName: z.string().nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** How amounts in other currencies were turned into euros. */
export const ZExchangeRates = z.object({
  /** `ecb`: the ECB's daily reference rates fetched today; `snapshot`: the stored ones. */
  source: z.enum(['ecb', 'snapshot']),
  date: ZIsoDate,
  /** Units of the currency per euro. */
  rates: z.record(z.string(), z.number()),
});
export type TExchangeRates = z.infer<typeof ZExchangeRates>;

export const ZAccountsQuery = z.object({ accountTypes: ZAccountTypeList.optional() });
export const ZAccountsResponse = z.object({
  accounts: z.array(ZAccount),
  summary: z.object({
    entities: z.number().int(),
    accounts: z.number().int(),
    cards: z.number().int(),
    /** In euro cents, other currencies converted with `rates`. */
    totalBalance: z.number().int(),
    totalAvailable: z.number().int(),
    rates: ZExchangeRates,
    /** The accounts' currencies without a rate in `rates`, counted in the totals at par. */
    currenciesAtPar: z.array(z.string()),
  }),
});
export type TAccountsResponse = z.infer<typeof ZAccountsResponse>;

export const ZCurrenciesResponse = z.array(z.string());

// --- Categories ---

export const ZCategory = z.object({
  catId: z.number().int(),
  description: z.string(),
  parentId: z.number().int(),
  parentDescription: z.string(),
  color: z.string(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryParent = z.object({
  parentId: z.number().int(),
  description: z.string(),
  color: z.string(),
  subcategories: z.array(
    z.object({ catId: z.number().int(), description: z.string(), color: z.string() }),
  ),
});
export type TCategoryParent = z.infer<typeof ZCategoryParent>;
export const ZCategoriesResponse = z.array(ZCategoryParent);
export type TCategoriesResponse = z.infer<typeof ZCategoriesResponse>;

// --- Transactions ---

export const AMOUNT_SIGNS = ['all', 'income', 'expense'] as const;
export type AmountSign = (typeof AMOUNT_SIGNS)[number];

export const TRANSACTION_SORT_FIELDS = [
  'valueDate',
  'operationDate',
  'amount',
  'description',
  'accountName',
  'category',
] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];
/** `field,asc` or `field,desc` (default `valueDate,desc`). */
export const ZSortBy = z
  .string()
  .max(40)
  .regex(new RegExp(`^(${TRANSACTION_SORT_FIELDS.join('|')}),(asc|desc)$`), {
    error: VALIDATION.invalid,
  });

const dateRangeFields = {
  valueDateFrom: ZIsoDate.optional(),
  valueDateTo: ZIsoDate.optional(),
  operationDateFrom: ZIsoDate.optional(),
  operationDateTo: ZIsoDate.optional(),
};

/** The filters every transaction call shares: company → bank → account, dates, types, sign. */
export const ZTransactionFilters = z.object({
  companyNames: ZTextList.optional(),
  entCodes: ZTextList.optional(),
  accountIds: ZUuidList.optional(),
  accountTypes: ZAccountTypeList.optional(),
  ...dateRangeFields,
  amountSign: z.enum(AMOUNT_SIGNS).default('all'),
  parentIds: z
    .string()
    .max(200)
    .regex(/^\d{1,3}(,\d{1,3})*$/, { error: VALIDATION.invalid })
    .transform((text) => text.split(',').map(Number))
    .optional(),
  catIds: z
    .string()
    .max(2000)
    .regex(/^\d{1,5}(,\d{1,5})*$/, { error: VALIDATION.invalid })
    .transform((text) => text.split(',').map(Number))
    .optional(),
  /** Words the description contains (case and accents ignored). */
  q: z.string().trim().max(100).optional(),
});
export type TTransactionFilters = z.output<typeof ZTransactionFilters>;

export const ZTransactionsQuery = ZTransactionFilters.extend({
  /** 0-based. */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(TRANSACTIONS_PAGE_SIZE),
  sortBy: ZSortBy.default('valueDate,desc'),
});
export type TTransactionsQuery = z.input<typeof ZTransactionsQuery>;

export const ZCsvQuery = ZTransactionFilters.extend({ sortBy: ZSortBy.default('valueDate,desc') });
export type TCsvQuery = z.output<typeof ZCsvQuery>;

/** A one-minute address of the filtered CSV that the browser downloads without a session. */
export const ZCsvLinkResponse = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type TCsvLinkResponse = z.infer<typeof ZCsvLinkResponse>;

export const ZTransaction = z.object({
  txId: z.uuid(),
  txAmount: z.number().int(),
  txBalance: z.number().int().nullable(),
  txDescription: z.string(),
  txValueDate: ZIsoDate,
  txOperationDate: ZIsoDate,
  txCurrency: z.string(),
  accountId: z.uuid(),
  accountName: z.string(),
  conId: z.uuid(),
  category: ZCategory,
  categoryConfidence: z.number(),
  isCategoryManual: z.boolean(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionsResponse = z.object({
  items: z.array(ZTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TTransactionsResponse = z.infer<typeof ZTransactionsResponse>;

export const ZTransactionIdParams = z.object({ id: z.uuid() });
export const ZUpdateCategoryRequest = z.object({
  catId: z.number().int().min(100).max(99_999),
  /** Also recategorise the team's similar transactions not set by a person, and learn it. */
  applyToSimilar: z.boolean().default(true),
});
export type TUpdateCategoryRequest = z.input<typeof ZUpdateCategoryRequest>;
export const ZUpdateCategoryResponse = z.object({
  transaction: ZTransaction,
  /** How many other transactions took the category. */
  similarUpdated: z.number().int(),
});
export type TUpdateCategoryResponse = z.infer<typeof ZUpdateCategoryResponse>;

/** Totals by parent and sub-category for the categorisation charts (expense as a magnitude). */
export const ZCategorySummary = z.object({
  parentId: z.number().int(),
  description: z.string(),
  color: z.string(),
  total: z.number().int(),
  count: z.number().int(),
  subcategories: z.array(
    z.object({
      catId: z.number().int(),
      description: z.string(),
      color: z.string(),
      total: z.number().int(),
      count: z.number().int(),
    }),
  ),
});
export type TCategorySummary = z.infer<typeof ZCategorySummary>;
export const ZCategorizationResponse = z.object({
  expenses: z.array(ZCategorySummary),
  incomes: z.array(ZCategorySummary),
  currency: z.string(),
});
export type TCategorizationResponse = z.infer<typeof ZCategorizationResponse>;

// --- Cashflow and forecast ---

export const ZCashflowQuery = z.object({
  accountIds: ZUuidList.optional(),
  /**
   * Spec §7's groupAll. Only `true` is served: the chosen accounts as one series, in euros,
   * which is what the cashflow and forecast pages draw. A series per account (`false`) is
   * refused with 400 rather than silently summed.
   */
  groupAll: z
    .literal('true', { error: VALIDATION.invalid })
    .default('true')
    .transform(() => true as const)
    .describe(
      'Only true (the default): the chosen accounts as one series. false (a series per account) is answered 400.',
    ),
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
});
export type TCashflowQuery = z.input<typeof ZCashflowQuery>;

export const ZCashflowRow = z.object({
  cashflow_date: ZIsoDate,
  cashflow_income: z.number().int(),
  cashflow_expense: z.number().int(),
  cashflow_balance: z.number().int(),
});
export type TCashflowRow = z.infer<typeof ZCashflowRow>;
export const ZWeeklyCashflow = z.object({
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  income: z.number().int(),
  expense: z.number().int(),
  balance: z.number().int(),
});
export type TWeeklyCashflow = z.infer<typeof ZWeeklyCashflow>;
export const ZCashflowResponse = z.object({
  daily: z.array(ZCashflowRow),
  weekly: z.array(ZWeeklyCashflow),
  currency: z.literal('EUR'),
});
export type TCashflowResponse = z.infer<typeof ZCashflowResponse>;

export const ZUpdateCashflowResponse = z.object({ accounts: z.number().int() });

export const ZForecastQuery = ZCashflowQuery.pick({ accountIds: true, groupAll: true }).extend({
  amountToPredict: z.coerce
    .number()
    .int()
    .refine((value) => (FORECAST_HORIZONS as readonly number[]).includes(value), {
      error: VALIDATION.invalid,
    })
    .default(90),
  /** Warn of the first day the balance is projected below this (cents; default 0). */
  threshold: z.coerce.number().int().min(-1e13).max(1e13).default(0),
});
export type TForecastQuery = z.input<typeof ZForecastQuery>;

export const ZForecastRow = z.object({
  date: ZIsoDate,
  balance: z.number().int(),
  balance_day_min: z.number().int(),
  balance_day_max: z.number().int(),
  incomes_day_min: z.number().int(),
  incomes_day_max: z.number().int(),
  expenses_day_min: z.number().int(),
  expenses_day_max: z.number().int(),
  pred05: z.number().int(),
  pred95: z.number().int(),
});
export type TForecastRow = z.infer<typeof ZForecastRow>;

export const RECURRING_CADENCES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
export const ZRecurringPayment = z.object({
  cadence: z.enum(RECURRING_CADENCES),
  /** Signed cents at each occurrence. */
  amount: z.number().int(),
  nextDate: ZIsoDate,
  lastDate: ZIsoDate,
  occurrences: z.number().int(),
  /** The most recent description of the series. */
  description: z.string(),
});
export type TRecurringPayment = z.infer<typeof ZRecurringPayment>;

export const ZForecastResponse = z.object({
  horizon: z.number().int(),
  /** Empty when the history is too short to forecast ('No data'). */
  rows: z.array(ZForecastRow),
  /** The last 6 months of history, for the historical-vs-estimation charts. */
  history: z.array(ZCashflowRow),
  threshold: z.number().int(),
  /** The first day the expected balance falls below the threshold, if any. */
  belowThreshold: z.object({ date: ZIsoDate, balance: z.number().int() }).nullable(),
  recurring: z.array(ZRecurringPayment),
  computedAt: z.string(),
  currency: z.literal('EUR'),
});
export type TForecastResponse = z.infer<typeof ZForecastResponse>;

// --- Import wizard ---

export const ZManualAccount = z
  .object({
    account_number: z.string().trim().min(1, { error: VALIDATION.required }).max(64),
    account_name: trimmedName(100),
    account_currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { error: VALIDATION.invalid }),
    account_balance: z.number().int().min(-1e13).max(1e13).default(0),
    account_company_name: trimmedName(100),
    account_type: z.enum(ACCOUNT_TYPES),
    account_subtype: z.enum(ACCOUNT_SUBTYPES, { error: VALIDATION.required }),
    card_limit_balance: z.number().int().min(0).max(1e13).optional(),
    card_disposed_balance: z.number().int().min(0).max(1e13).optional(),
    card_linked_account: z.string().trim().max(64).optional(),
  })
  .superRefine((value, context) => {
    const subtypes: readonly string[] = ACCOUNT_SUBTYPES_BY_TYPE[value.account_type];
    if (!subtypes.includes(value.account_subtype)) {
      context.addIssue({
        code: 'custom',
        path: ['account_subtype'],
        message: FINANCIAL_VIEWER_VALIDATION.subtype,
      });
    }
    if (value.account_type !== 'CARD') return;
    if (!isGroupedCardNumber(value.account_number)) {
      context.addIssue({
        code: 'custom',
        path: ['account_number'],
        message: FINANCIAL_VIEWER_VALIDATION.cardNumber,
      });
    }
    if (!value.card_linked_account) {
      context.addIssue({
        code: 'custom',
        path: ['card_linked_account'],
        message: VALIDATION.required,
      });
    }
  });
export type TManualAccount = z.input<typeof ZManualAccount>;

export const ZAddAccountRequest = z.object({ accounts: z.array(ZManualAccount).length(1) });
export const ZAddAccountResponse = z.object({ account_ids: z.array(z.uuid()) });

/**
 * Spec §5: the card number loses every non-alphanumeric character, is cut to 16 and shown as
 * four groups of four.
 */
export function formatCardNumber(input: string): string {
  const characters = input.replace(/[^0-9a-z]/gi, '').slice(0, CARD_NUMBER_LENGTH);
  return (characters.match(/.{1,4}/g) ?? []).join(' ');
}

export function isGroupedCardNumber(value: string): boolean {
  return /^[0-9a-z]{4}( [0-9a-z]{4}){3}$/i.test(value);
}

/** Which column is what (the engine's `ColumnMapping`), as the user confirmed it. */
export const ZColumnMapping = z.object({
  sheet: z.string().max(200).optional(),
  headerRow: z.number().int().min(1).max(1_000_000).nullable(),
  operationDate: z.number().int().min(0).max(499),
  valueDate: z.number().int().min(0).max(499).optional(),
  description: z.array(z.number().int().min(0).max(499)).max(20),
  amount: z.number().int().min(0).max(499).optional(),
  debit: z.number().int().min(0).max(499).optional(),
  credit: z.number().int().min(0).max(499).optional(),
  direction: z.number().int().min(0).max(499).optional(),
  /** With a gross `amount`: the fee taken from it. */
  fee: z.number().int().min(0).max(499).optional(),
  balance: z.number().int().min(0).max(499).optional(),
  status: z.number().int().min(0).max(499).optional(),
  dateOrder: z.enum(['DMY', 'MDY']).optional(),
  decimalSeparator: z.enum([',', '.']).nullable().optional(),
});
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

export const COLUMN_ROLES = [
  'operationDate',
  'valueDate',
  'description',
  'amount',
  'debit',
  'credit',
  'direction',
  'balance',
  'status',
  'fee',
] as const;

/** What the server read of a statement before anything is written. */
export const ZStatementPreview = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  format: z.string(),
  columns: z.array(
    z.object({
      index: z.number().int(),
      header: z.string(),
      role: z.enum(COLUMN_ROLES).nullable(),
      confidence: z.number(),
    }),
  ),
  mapping: ZColumnMapping,
  /** The header and up to 20 rows, as text. */
  rows: z.array(z.array(z.string())),
  headerRow: z.number().int().nullable(),
  transactionCount: z.number().int(),
  errorCount: z.number().int(),
  /** The first transactions as read with the mapping. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      txOperationDate: ZIsoDate,
      txValueDate: ZIsoDate,
      txDescription: z.string(),
      txAmount: z.number().int(),
      txBalance: z.number().int().nullable(),
    }),
  ),
  /** The sum of the amounts read, in cents. */
  total: z.number().int(),
  firstDate: ZIsoDate.nullable(),
  lastDate: ZIsoDate.nullable(),
});
export type TStatementPreview = z.infer<typeof ZStatementPreview>;

/** Multipart fields of an import besides `document` (the file). */
export const ZImportFields = z.object({
  account_id: z.uuid(),
  /** JSON of `ZColumnMapping`, as confirmed by the user; detected when absent. */
  mapping: z.string().max(5_000).optional(),
  /** The balance before the file's first transaction, in cents (first import of an account). */
  initial_balance: z.coerce.number().int().min(-1e13).max(1e13).optional(),
});

export const ZImportResult = z.object({
  importId: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  progress: z.number().int(),
  fileName: z.string(),
  added: z.number().int(),
  duplicates: z.number().int(),
  errors: z.number().int(),
  errorCode: z.string().nullable(),
});
export type TImportResult = z.infer<typeof ZImportResult>;
export const ZImportIdParams = z.object({ id: z.uuid() });

// --- The financial manager service: the token API of a subscription (spec §7) ---

export const ZManagerTokenQuery = z.object({ token: z.string().max(200).optional() });
export const ZManagerTeamQuery = ZManagerTokenQuery.extend({ team_id: z.uuid().optional() });
export const ZManagerBanksQuery = ZManagerTokenQuery.extend({
  country: z.string().length(2).optional(),
});
export const ZManagerAddConnectionQuery = ZManagerTeamQuery.extend({
  conn_name: trimmedName(80),
  /** The bank's name as the connection shows it; the bank list's name when left out. */
  bank_name: z.string().trim().max(100).optional(),
  bank_code: z.string().trim().min(1).max(BANK_CODE_MAX_LENGTH),
});
export const ZManagerConnectionQuery = ZManagerTeamQuery.extend({ conn_id: z.uuid() });
export const ZManagerAddAccountRequest = z.array(ZManualAccount).length(1);
export const ZManagerFileQuery = ZManagerConnectionQuery.extend({
  account_id: z.uuid(),
  /** The type the caller expects the account to be: another one is answered 400. */
  accounts_type: z.enum(ACCOUNT_TYPES).optional(),
  /** The balance before the file's first transaction, in cents. */
  initial_balance: z.coerce.number().int().min(-1e13).max(1e13).optional(),
});
export const ZManagerAccountIds = z.object({ account_ids: z.array(z.uuid()).min(1).max(500) });
export const ZManagerSummaryQuery = ZManagerTokenQuery.extend({
  date_start: ZIsoDate,
  date_end: ZIsoDate,
});
export const ZManagerBalancesResponse = z.object({
  accounts: z.array(
    z.object({ account_id: z.uuid(), balance: z.number().int(), currency: z.string() }),
  ),
  /** In euro cents. */
  total_balance: z.number().int(),
});
export const ZManagerSummaryResponse = z.object({
  /** Euro cents over the dates asked for. */
  incomes: z.number().int(),
  expenses: z.number().int(),
  cashflow: z.number().int(),
  /** The balance at `date_end`. */
  balance: z.number().int(),
  transactions: z.number().int(),
});
