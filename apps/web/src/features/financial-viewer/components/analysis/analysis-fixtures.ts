import type {
  TAccountsResponse,
  TCategorizationResponse,
  TCashflowResponse,
  TCashflowRow,
  TCategoryParent,
  TForecastResponse,
  TForecastRow,
  TTransaction,
} from '@app/contracts/financial-viewer';

/** Tests only: the analysis screens' canned API answers. */
export const ACCOUNT_ID = '8d6f6c1e-4b7e-4a39-9a52-2f0c7e1d0a11';
export const OTHER_ACCOUNT_ID = '0b7f3c2a-1d4e-4f6a-8b9c-3e2d1c0b9a88';

export const ACCOUNTS: TAccountsResponse = {
  accounts: [
    {
      accountId: ACCOUNT_ID,
      accountName: 'Cuenta nómina',
      accountNumber: 'ES12 0049 0001 5000 1234 5678',
      accountType: 'ACCOUNT',
      accountSubtype: 'CHECKING',
      accountCurrency: 'EUR',
      accountCompanyName: 'Acme',
      accountCurrentBalance: 1_234_56,
      accountAvailableBalance: 1_234_56,
      conId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      conName: 'Santander',
      entCode: '0049',
      entName: 'Banco Santander',
    },
    {
      accountId: OTHER_ACCOUNT_ID,
      accountName: 'Ahorro',
      accountNumber: 'ES98 2100 0001 5000 8765 4321',
      accountType: 'ACCOUNT',
      accountSubtype: 'SAVING',
      accountCurrency: 'EUR',
      accountCompanyName: 'Beta',
      accountCurrentBalance: 500_00,
      accountAvailableBalance: 500_00,
      conId: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      conName: 'CaixaBank',
      entCode: '2100',
      entName: 'CaixaBank',
    },
  ],
  summary: {
    entities: 2,
    accounts: 2,
    cards: 0,
    totalBalance: 1_734_56,
    totalAvailable: 1_734_56,
    rates: { source: 'snapshot', date: '2026-11-24', rates: { EUR: 1 } },
    currenciesAtPar: [],
  },
};

export const CATEGORIES: TCategoryParent[] = [
  {
    parentId: 1,
    description: 'Food Dining',
    color: '#ef6c00',
    subcategories: [
      { catId: 101, description: 'Restaurants', color: '#fb8c00' },
      { catId: 102, description: 'Groceries', color: '#ffa726' },
    ],
  },
  {
    parentId: 2,
    description: 'Transportation',
    color: '#1e88e5',
    subcategories: [{ catId: 201, description: 'Fuel', color: '#42a5f5' }],
  },
  {
    parentId: 12,
    description: 'Income',
    color: '#43a047',
    subcategories: [{ catId: 1201, description: 'Salary', color: '#66bb6a' }],
  },
];

export const CATEGORIZATION: TCategorizationResponse = {
  currency: 'EUR',
  expenses: [
    {
      parentId: 2,
      description: 'Transportation',
      color: '#1e88e5',
      total: 25_000,
      count: 3,
      subcategories: [
        { catId: 201, description: 'Fuel', color: '#42a5f5', total: 25_000, count: 3 },
      ],
    },
    {
      parentId: 1,
      description: 'Food Dining',
      color: '#ef6c00',
      total: 123_456,
      count: 12,
      subcategories: [
        { catId: 101, description: 'Restaurants', color: '#fb8c00', total: 100_000, count: 4 },
        { catId: 102, description: 'Groceries', color: '#ffa726', total: 23_456, count: 8 },
      ],
    },
  ],
  incomes: [
    {
      parentId: 12,
      description: 'Income',
      color: '#43a047',
      total: 300_000,
      count: 2,
      subcategories: [
        { catId: 1201, description: 'Salary', color: '#66bb6a', total: 300_000, count: 2 },
      ],
    },
  ],
};

export function buildTransaction(overrides: Partial<TTransaction> = {}): TTransaction {
  return {
    txId: '11111111-2222-4333-8444-555555555555',
    txAmount: -4_550,
    txBalance: 100_000,
    txDescription: 'Restaurante Casa Pepe',
    txValueDate: '2026-11-20',
    txOperationDate: '2026-11-20',
    txCurrency: 'EUR',
    accountId: ACCOUNT_ID,
    accountName: 'Cuenta nómina',
    conId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    category: {
      catId: 101,
      description: 'Restaurants',
      parentId: 1,
      parentDescription: 'Food Dining',
      color: '#fb8c00',
    },
    categoryConfidence: 0.85,
    isCategoryManual: false,
    ...overrides,
  };
}

function isoDay(start: string, offset: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** 10 days of cashflow from 2026-11-15 to 2026-11-24, balance 1.000,00 € + 10 € a day. */
export function buildCashflow(): TCashflowResponse {
  const daily: TCashflowRow[] = Array.from({ length: 10 }, (_, index) => ({
    cashflow_date: isoDay('2026-11-15', index),
    cashflow_income: 2_000,
    cashflow_expense: 1_000,
    cashflow_balance: 100_000 + (index + 1) * 1_000,
  }));
  return {
    currency: 'EUR',
    daily,
    weekly: [
      {
        startDate: '2026-11-15',
        endDate: '2026-11-21',
        income: 14_000,
        expense: 7_000,
        balance: 107_000,
      },
      {
        startDate: '2026-11-22',
        endDate: '2026-11-28',
        income: 6_000,
        expense: 3_000,
        balance: 110_000,
      },
    ],
  };
}

export function buildForecast(overrides: Partial<TForecastResponse> = {}): TForecastResponse {
  const rows: TForecastRow[] = Array.from({ length: 30 }, (_, index) => {
    const balance = 110_000 - (index + 1) * 5_000;
    return {
      date: isoDay('2026-11-25', index),
      balance,
      balance_day_min: balance - 12_000,
      balance_day_max: balance + 12_000,
      incomes_day_min: 0,
      incomes_day_max: 3_000,
      expenses_day_min: 1_000,
      expenses_day_max: 9_000,
      pred05: balance - 10_000,
      pred95: balance + 10_000,
    };
  });
  return {
    horizon: 30,
    rows,
    history: buildCashflow().daily,
    threshold: 0,
    belowThreshold: null,
    recurring: [],
    computedAt: '2026-11-25T03:00:00.000Z',
    currency: 'EUR',
    ...overrides,
  };
}
