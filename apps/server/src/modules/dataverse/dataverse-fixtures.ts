import { randomUUID } from 'node:crypto';
import { PRICE_MODEL_PER_ROW } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Storage } from '../../platform/storage.js';
import { instanceFileKey } from './instances.js';
import { insertDataset, insertInstance, insertTeamFamily } from './repository.js';
import { foldText } from './search-text.js';

/** The CSV of the fixture's datasets: the sample's two rows. */
export const TEAM_DATASET_CSV = 'store,quarter,sales\nMadrid,2024Q1,100\nSevilla,2024Q1,80\n';

/**
 * A team's dataset as the loader leaves it once its first version is confirmed: three columns,
 * two rows, version 1 READY (its CSV put into `storage` when given), unpublished unless asked.
 */
export async function insertTeamDataset(
  executor: Executor,
  options: {
    teamId: string;
    name?: string;
    description?: string;
    providerName?: string;
    isPublished?: boolean;
    familyId?: string;
    pricingValueCents?: number;
    storage?: Pick<Storage, 'put'>;
  },
): Promise<string> {
  const name = options.name ?? 'Quarterly sales by store';
  const description = options.description ?? 'Sales of every store per quarter.';
  const headers = ['store', 'quarter', 'sales'];
  const datasetId = await insertDataset(
    executor,
    {
      teamId: options.teamId,
      familyId: options.familyId ?? null,
      name,
      description,
      providerName: options.providerName ?? 'Acme Industries',
      priceModel: PRICE_MODEL_PER_ROW,
      pricingBase: 100,
      pricingValueCents: options.pricingValueCents ?? 200,
      numberOfRows: 2,
      diskSizeBytes: TEAM_DATASET_CSV.length,
      qualityScore: 100,
      qualityMethod: 'test',
      utilityMethod: 'test',
      sample: {
        headers,
        body: [
          ['Madrid', '2024Q1', '100'],
          ['Sevilla', '2024Q1', '80'],
        ],
      },
      includeColumns: options.familyId ? ['store', 'sales'] : null,
      licenceName: 'Proprietary',
      sourceName: 'Acme Industries',
      isPublished: options.isPublished ?? false,
      searchName: foldText(name),
      searchText: foldText(`${name} ${description}`),
    },
    headers.map((header, position) => ({
      name: header,
      type: header === 'sales' ? 'numerical:integer' : 'categorical',
      uniqueValues: 2,
      missingValues: 0,
      position,
    })),
    [],
  );
  const instanceId = randomUUID();
  const storageKey = instanceFileKey({ teamId: options.teamId, id: instanceId });
  await insertInstance(executor, {
    id: instanceId,
    teamId: options.teamId,
    datasetId,
    version: 1,
    status: 'READY',
    storageKey,
    fileName: 'sales.csv',
    numberOfRows: 2,
    sizeBytes: TEAM_DATASET_CSV.length,
    progress: 100,
    confirmedAt: new Date(),
  });
  await options.storage?.put(storageKey, Buffer.from(TEAM_DATASET_CSV), 'text/csv');
  return datasetId;
}

export async function insertTeamFamilyWithDatasets(
  executor: Executor,
  teamId: string,
): Promise<{ familyId: string; datasetIds: string[] }> {
  const familyId = await insertTeamFamily(executor, teamId, {
    name: 'Store data',
    description: 'Stores and their sales.',
  });
  const datasetIds = [
    await insertTeamDataset(executor, { teamId, familyId, name: 'Stores' }),
    await insertTeamDataset(executor, { teamId, familyId, name: 'Store sales' }),
  ];
  return { familyId, datasetIds };
}
