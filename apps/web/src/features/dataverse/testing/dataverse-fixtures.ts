import type {
  TDatasetCard,
  TDatasetEntry,
  TDatasetField,
  TDatasetsResponse,
  TDimension,
  TPurchase,
  TReferenceItem,
} from '@app/contracts/dataverse';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildUser } from '../../../test/fixtures';

/** Tests only: what the Dataverse calls answer, shaped by the contracts. */

let sequence = 0;
/** A fresh uuid-shaped id per call. */
export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function signIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser(overrides));
}

function element(dimensionCode: string, domelCode: string, domelDesc: string): TReferenceItem {
  return {
    domelId: nextId(),
    domelCode,
    domelDesc,
    dimensionCode,
    domelParent: null,
    children: [],
  };
}

/** Industries, countries and use cases enough for the facet lists (countries are searchable). */
export function buildDimensions(): TDimension[] {
  return [
    {
      dimensionCode: '02',
      dimensionDesc: 'Countries',
      domels: [
        element('02', 'ES', 'Spain'),
        element('02', 'FR', 'France'),
        element('02', 'DE', 'Germany'),
        element('02', 'US', 'United States'),
        element('02', 'CZ', 'Czechia'),
        element('02', 'AQ', 'Antarctica'),
      ],
    },
    {
      dimensionCode: '03',
      dimensionDesc: 'Industries',
      domels: [
        element('03', 'K', 'Financial and insurance activities'),
        element('03', 'D', 'Electricity, gas, steam and air conditioning supply'),
      ],
    },
    {
      dimensionCode: '04',
      dimensionDesc: 'Use cases',
      domels: [element('04', 'UC01', 'Fraud detection'), element('04', 'UC02', 'Forecasting')],
    },
  ];
}

const domel = (domelCode: string, domelDesc: string) => ({
  domelId: nextId(),
  domelCode,
  domelDesc,
});

export function buildCard(overrides: Partial<TDatasetCard> = {}): TDatasetCard {
  return {
    datasetId: nextId(),
    dsiId: nextId(),
    datasetName: 'Palmer Archipelago penguins',
    datasetDesc: 'Size measurements of three penguin species.',
    providerName: 'Palmer Station LTER',
    industries: [domel('M', 'Professional, scientific and technical activities')],
    useCases: [],
    country: domel('AQ', 'Antarctica'),
    nature: domel('001', 'Real'),
    isSynthetic: false,
    isOwn: false,
    isPublished: true,
    numberOfRows: 344,
    numberOfVariables: 7,
    priceModel: '0001',
    pricingBase: 1,
    pricingValue: 0,
    qualityScore: 98.5,
    familyId: null,
    lastUpdateDate: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function page(items: TDatasetCard[], overrides: Partial<TDatasetsResponse> = {}) {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

export function buildField(overrides: Partial<TDatasetField> = {}): TDatasetField {
  return {
    dsfName: 'species',
    dsfType: { domelDesc: 'categorical' },
    uniqueValues: 3,
    missingValues: 0,
    dsfReference: null,
    dsfIstarget: false,
    dsfIssensitive: false,
    dsfSensitive: null,
    dsfOrder: 0,
    ...overrides,
  };
}

export function buildEntry(
  overrides: Partial<Omit<TDatasetEntry, 'dataset'>> & {
    dataset?: Partial<TDatasetEntry['dataset']>;
  } = {},
): TDatasetEntry {
  const { dataset, ...rest } = overrides;
  const datasetId = dataset?.datasetId ?? nextId();
  return {
    dsiId: `${datasetId}-v1`,
    versions: [
      {
        dsiId: `${datasetId}-v1`,
        version: 1,
        numberOfRows: 344,
        diskSize: 13_519,
        confirmedDate: '2026-01-02T10:00:00.000Z',
      },
    ],
    numberOfRows: 344,
    pricingBase: 1,
    pricingValue: 0,
    diskSize: 13_519,
    clientSecret: null,
    qualityScore: { value: 98.5, domelDesc: 'Completeness: filled cells times unique rows.' },
    utilityScore: { value: null, domelDesc: 'Real data: no utility score.' },
    sample: {
      headers: ['species', 'island'],
      body: [
        ['Adelie', 'Torgersen'],
        ['Gentoo', 'Biscoe'],
      ],
    },
    datasetFamily: null,
    licence: {
      name: 'CC0 1.0 Universal',
      url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    },
    source: { name: 'palmerpenguins', url: 'https://allisonhorst.github.io/palmerpenguins/' },
    isOwn: false,
    isPublished: true,
    ...rest,
    dataset: {
      datasetId,
      datasetName: 'Palmer Archipelago penguins',
      datasetDesc: 'Size measurements of three penguin species.',
      datasetDescAttributes: 'Species, island, bill and flipper sizes, body mass.',
      datasetDescUsecases: 'Teaching classification.',
      numberOfVariables: 2,
      metrics: { qualityScore: 98.5 },
      contributors: ['Allison Horst'],
      industries: [domel('M', 'Professional, scientific and technical activities')],
      useCases: [domel('UC05', 'Education')],
      priceModel: { domelCode: '0001' },
      creationDate: '2026-03-01T23:30:00.000Z',
      lastUpdateDate: '2026-03-02T08:00:00.000Z',
      country: domel('AQ', 'Antarctica'),
      providerName: 'Palmer Station LTER',
      history: 'Collected 2007–2009.',
      frequency: 'Once',
      metadata: [{ dimensionCode: '05', domel: domel('001', 'Real') }],
      fields: [
        buildField(),
        buildField({
          dsfName: 'island',
          dsfOrder: 1,
          uniqueValues: 3,
          missingValues: 2,
          dsfIstarget: true,
        }),
      ],
      ...dataset,
    },
  };
}

/** A paid purchase of 1,000 rows at 0,50 € per 100 rows, with its files ready. */
export function buildPurchase(overrides: Partial<TPurchase> = {}): TPurchase {
  return {
    id: nextId(),
    dsiId: nextId(),
    datasetId: nextId(),
    datasetName: 'Adult census (synthetic)',
    providerName: 'Neuron Labs',
    quantity: 1000,
    pricingBase: 100,
    pricingValue: 50,
    datasetPrice: 500,
    description: '',
    status: 'PAID',
    delivery: { status: 'READY', rows: 1000, columns: ['age', 'workclass', 'income'] },
    invoice: {
      id: nextId(),
      number: 'F-2026-000042',
      subtotal: 500,
      discount: 50,
      tax: 95,
      taxRate: 21,
      total: 545,
    },
    paymentIntent: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: '2026-03-01T10:00:05.000Z',
    ...overrides,
  };
}
