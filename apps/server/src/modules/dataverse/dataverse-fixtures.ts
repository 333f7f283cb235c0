import { PRICE_MODEL_PER_ROW } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import { insertDataset, insertTeamFamily } from './repository.js';
import { foldText } from './search-text.js';

/**
 * A team's dataset as the loader will store it (until the loader exists): three columns, a
 * sample of two rows, unpublished unless asked.
 */
export async function insertTeamDataset(
  executor: Executor,
  options: {
    teamId: string;
    name?: string;
    description?: string;
    isPublished?: boolean;
    familyId?: string;
    pricingValueCents?: number;
  },
): Promise<string> {
  const name = options.name ?? 'Quarterly sales by store';
  const description = options.description ?? 'Sales of every store per quarter.';
  const headers = ['store', 'quarter', 'sales'];
  return insertDataset(
    executor,
    {
      teamId: options.teamId,
      familyId: options.familyId ?? null,
      name,
      description,
      providerName: 'Acme Industries',
      priceModel: PRICE_MODEL_PER_ROW,
      pricingBase: 100,
      pricingValueCents: options.pricingValueCents ?? 200,
      numberOfRows: 2,
      diskSizeBytes: 64,
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
