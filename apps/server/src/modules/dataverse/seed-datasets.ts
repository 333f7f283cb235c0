import {
  NATURE_REAL,
  NATURE_SYNTHETIC,
  PRICE_MODEL_FREE,
  PRICE_MODEL_PER_ROW,
} from '@app/contracts';

/**
 * The catalogue a new install starts with: files in `seed-data/`, read at start. The synthetic
 * ones are made by `make-synthetic-seed.ts` with our engine (`packages/synth`, seed 7) from
 * `../shared/eval/synth/adult.csv` (gaussian copula) and the Berka tables of
 * `../shared/eval/berka` (relational, Bayesian networks); they hold no real row. Their utility
 * score is the engine's fidelity report of the synthetic table against the real one. The open ones are whole public tables
 * whose licence allows redistribution (as packaged by `vega-datasets` 3.2.1).
 */
export type SeedDataset = {
  seedKey: string;
  file: string;
  name: string;
  description: string;
  attributes: string;
  useCasesText: string;
  providerName: string;
  contributors: string[];
  history: string;
  frequency: string;
  countryCode: string;
  industryCodes: string[];
  useCaseCodes: string[];
  nature: string;
  domainCode: string;
  usageCode: string;
  priceModel: typeof PRICE_MODEL_FREE | typeof PRICE_MODEL_PER_ROW;
  pricingBase: number;
  pricingValueCents: number;
  targetColumn?: string;
  /** Fidelity of a synthetic table to its real source, 0–100, and how it was measured. */
  utility?: { score: number; method: string };
  licence: { name: string; url: string };
  source: { name: string; url: string };
  family?: {
    seedKey: string;
    name: string;
    description: string;
    references: Record<string, string>;
  };
};

const SYNTHETIC_LICENCE = {
  name: 'CC BY 4.0 (synthetic data made by the platform)',
  url: 'https://creativecommons.org/licenses/by/4.0/',
};
const BERKA_SOURCE = {
  name: 'Synthesized from the PKDD’99 Discovery Challenge financial data (Berka)',
  url: 'https://sorry.vse.cz/~berka/challenge/pkdd1999/berka.htm',
};
function fidelityMethod(table: string): string {
  return `Fidelity report of the synthetic data engine against the real ${table} table: mean of column shape (KS or TV complement) and pair trend scores.`;
}
const BERKA_FAMILY = {
  seedKey: 'berka-bank-synthetic',
  name: 'Synthetic Czech retail bank (Berka)',
  description:
    'Synthetic accounts and their transactions, generated together so that every transaction belongs to an account.',
  references: { account_id: 'bank-accounts-synthetic.account_id' },
};

export const SEED_DATASETS: SeedDataset[] = [
  {
    seedKey: 'adult-income-synthetic',
    file: 'adult-income-synthetic.csv',
    name: 'Synthetic census income (Adult)',
    description:
      'Synthetic adults with age, education, occupation, working hours and whether the yearly income exceeds 50K dollars, generated from the 1994 US census extract known as Adult.',
    attributes: 'Demographics, education, employment and income class of one person per row.',
    useCasesText:
      'Train and compare income classifiers; test fairness checks without personal data.',
    providerName: 'Neuron Platform',
    contributors: ['Neuron Platform'],
    history: 'Generated once from the 32,561-row training part of Adult (UCI, 1996).',
    frequency: 'One-off',
    countryCode: 'US',
    industryCodes: ['O', 'M'],
    useCaseCodes: ['001', '006'],
    nature: NATURE_SYNTHETIC,
    domainCode: '002',
    usageCode: '001',
    priceModel: PRICE_MODEL_PER_ROW,
    pricingBase: 100,
    pricingValueCents: 50,
    targetColumn: 'income',
    utility: {
      score: 92.3,
      method: fidelityMethod('Adult'),
    },
    licence: SYNTHETIC_LICENCE,
    source: {
      name: 'Synthesized from UCI Adult (Becker & Kohavi 1996, CC BY 4.0)',
      url: 'https://archive.ics.uci.edu/dataset/2/adult',
    },
  },
  {
    seedKey: 'bank-accounts-synthetic',
    file: 'bank-accounts-synthetic.csv',
    name: 'Synthetic bank accounts (Berka)',
    description:
      'Synthetic current accounts of a Czech retail bank with their district, statement frequency and opening date.',
    attributes: 'One account per row: id, district, statement frequency, opening date (YYMMDD).',
    useCasesText: 'Join with the synthetic transactions to test banking analytics and pipelines.',
    providerName: 'Neuron Platform',
    contributors: ['Neuron Platform'],
    history: 'Generated once from 50 accounts of the PKDD’99 financial dataset (Berka).',
    frequency: 'One-off',
    countryCode: 'CZ',
    industryCodes: ['K'],
    useCaseCodes: ['003', '002'],
    nature: NATURE_SYNTHETIC,
    domainCode: '001',
    usageCode: '001',
    priceModel: PRICE_MODEL_FREE,
    pricingBase: 1,
    pricingValueCents: 0,
    utility: { score: 74.4, method: fidelityMethod('Berka') },
    licence: SYNTHETIC_LICENCE,
    source: BERKA_SOURCE,
    family: BERKA_FAMILY,
  },
  {
    seedKey: 'bank-transactions-synthetic',
    file: 'bank-transactions-synthetic.csv',
    name: 'Synthetic bank transactions (Berka)',
    description:
      'Synthetic transactions of the synthetic Berka accounts: credits, withdrawals, transfers and card payments with amounts and balances in Czech crowns.',
    attributes:
      'One transaction per row: account, date, type, operation, amount, balance, purpose (Czech codes with English translations).',
    useCasesText: 'Fraud and cash-flow models, categorisation tests, banking dashboards.',
    providerName: 'Neuron Platform',
    contributors: ['Neuron Platform'],
    history: 'Generated once from 2,960 transactions of 50 accounts, 1993–1994 (Berka).',
    frequency: 'One-off',
    countryCode: 'CZ',
    industryCodes: ['K'],
    useCaseCodes: ['004', '007'],
    nature: NATURE_SYNTHETIC,
    domainCode: '001',
    usageCode: '001',
    priceModel: PRICE_MODEL_PER_ROW,
    pricingBase: 100,
    pricingValueCents: 120,
    utility: { score: 83.3, method: fidelityMethod('Berka') },
    licence: SYNTHETIC_LICENCE,
    source: BERKA_SOURCE,
    family: BERKA_FAMILY,
  },
  {
    seedKey: 'palmer-penguins',
    file: 'palmer-penguins.csv',
    name: 'Palmer Archipelago penguins',
    description:
      'Measurements of 344 penguins of three species (Adélie, Chinstrap, Gentoo) on three islands of the Palmer Archipelago, Antarctica.',
    attributes: 'Species, island, beak length and depth, flipper length, body mass and sex.',
    useCasesText: 'Classification and clustering examples, teaching statistics.',
    providerName: 'Palmer Station Antarctica LTER',
    contributors: ['Kristen Gorman', 'Allison Horst', 'Alison Hill'],
    history: 'Collected 2007–2009 by Dr. Kristen Gorman with the Palmer Station LTER.',
    frequency: 'One-off',
    countryCode: 'AQ',
    industryCodes: ['M'],
    useCaseCodes: ['001', '006'],
    nature: NATURE_REAL,
    domainCode: '005',
    usageCode: '001',
    priceModel: PRICE_MODEL_FREE,
    pricingBase: 1,
    pricingValueCents: 0,
    targetColumn: 'Species',
    licence: {
      name: 'CC0 1.0 Universal',
      url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    },
    source: {
      name: 'palmerpenguins (Horst, Hill, Gorman), via vega-datasets',
      url: 'https://github.com/allisonhorst/palmerpenguins',
    },
  },
  {
    seedKey: 'mauna-loa-co2',
    file: 'mauna-loa-co2.csv',
    name: 'Atmospheric CO₂ at Mauna Loa',
    description:
      'Monthly carbon dioxide concentration (ppm) measured at Mauna Loa Observatory, Hawaii, from 1958, raw and seasonally adjusted.',
    attributes: 'Month, CO₂ concentration and seasonally adjusted CO₂ concentration.',
    useCasesText: 'Time-series forecasting, climate reporting.',
    providerName: 'Scripps CO₂ Program',
    contributors: ['Scripps Institution of Oceanography'],
    history: 'Continuous record since March 1958.',
    frequency: 'Monthly',
    countryCode: 'US',
    industryCodes: ['M'],
    useCaseCodes: ['007', '006'],
    nature: NATURE_REAL,
    domainCode: '003',
    usageCode: '001',
    priceModel: PRICE_MODEL_FREE,
    pricingBase: 1,
    pricingValueCents: 0,
    licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    source: {
      name: 'Scripps CO₂ Program, via vega-datasets',
      url: 'https://scrippsco2.ucsd.edu/data/atmospheric_co2/primary_mlo_co2_record',
    },
  },
  {
    seedKey: 'iowa-electricity',
    file: 'iowa-electricity.csv',
    name: 'Iowa electricity generation by source',
    description:
      'Annual net electricity generation in Iowa by source (fossil fuels, nuclear, renewables), in thousand megawatt-hours, 2001–2017.',
    attributes: 'Year, energy source, net generation.',
    useCasesText: 'Energy-mix analysis and charts.',
    providerName: 'U.S. Energy Information Administration',
    contributors: ['U.S. Energy Information Administration'],
    history: 'Downloaded from the EIA electricity data browser on 6 May 2018.',
    frequency: 'Yearly',
    countryCode: 'US',
    industryCodes: ['D'],
    useCaseCodes: ['002'],
    nature: NATURE_REAL,
    domainCode: '004',
    usageCode: '001',
    priceModel: PRICE_MODEL_FREE,
    pricingBase: 1,
    pricingValueCents: 0,
    licence: {
      name: 'U.S. Government work (public domain)',
      url: 'https://www.usa.gov/government-works',
    },
    source: {
      name: 'U.S. EIA electricity data browser, via vega-datasets',
      url: 'https://www.eia.gov/electricity/data/browser/',
    },
  },
];
