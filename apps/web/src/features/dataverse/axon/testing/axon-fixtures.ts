import type { TInstance, TMyDataset } from '@app/contracts';
import { nextId } from '../../testing/dataverse-fixtures';

export function buildMyDataset(overrides: Partial<TMyDataset> = {}): TMyDataset {
  return {
    datasetId: nextId(),
    dsiId: null,
    datasetName: 'Customer spend',
    datasetDesc: 'Spend per customer.',
    status: 'DRAFT',
    isPublished: false,
    familyId: null,
    familyName: null,
    version: null,
    numberOfRows: 0,
    priceModel: '0001',
    pricingBase: 100,
    pricingValue: 0,
    qualityScore: null,
    views: 0,
    sales: 0,
    revenue: 0,
    lastUpdateDate: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A version profiled and waiting for the seller's review: an email column flagged personal. */
export function buildInstance(overrides: Partial<TInstance> = {}): TInstance {
  return {
    dsiId: nextId(),
    datasetId: nextId(),
    version: 1,
    status: 'REVIEW',
    fileName: 'customers.csv',
    progress: 100,
    numberOfRows: 1200,
    sizeBytes: 48_000,
    qualityScore: 97.5,
    fields: [
      {
        name: 'email',
        type: 'pii:email',
        uniqueValues: 1200,
        missingValues: 0,
        personalData: 'email',
        isTarget: false,
        isSensitive: true,
      },
      {
        name: 'spend',
        type: 'numerical:float',
        uniqueValues: 950,
        missingValues: 12,
        personalData: null,
        isTarget: false,
        isSensitive: false,
      },
    ],
    sample: { headers: ['email', 'spend'], body: [] },
    warnings: [],
    failure: null,
    batchId: null,
    createdDate: '2026-11-20T10:00:00.000Z',
    confirmedDate: null,
    ...overrides,
  };
}
