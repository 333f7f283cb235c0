import {
  DIMENSION_CODES,
  PRICE_MODEL_FREE,
  type TDatasetPrice,
  type TMyDataset,
  type TMyDatasetsResponse,
  type TSellerMetrics,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireTeamDataset } from './loader.js';
import { findSalesPerDataset, findSalesPerDay } from './purchase-repository.js';
import {
  countView,
  findCurrentInstances,
  findDatasetElements,
  findDatasetsInProgress,
  findElementByCode,
  findFamily,
  findTeamDatasets,
  findTotalViews,
  findViews,
  setDatasetElements,
  updateTeamDataset,
  type DatasetRow,
  type InstanceRow,
} from './repository.js';

type Owner = { teamId: string };

/** Days the seller metrics chart covers. */
const METRICS_DAYS = 30;

function statusOf(options: {
  dataset: DatasetRow;
  current: InstanceRow | undefined;
  isInProgress: boolean;
}): TMyDataset['status'] {
  if (options.dataset.isPublished) return 'PUBLISHED';
  if (options.current) return options.isInProgress ? 'PROCESSING' : 'READY';
  return options.isInProgress ? 'PROCESSING' : 'DRAFT';
}

/** The team's datasets as Axon lists them: status, current version, views and sales. */
async function describeMyDatasets(
  deps: Deps,
  options: Owner & { rows: { dataset: DatasetRow; familyName: string | null }[] },
): Promise<TMyDataset[]> {
  const ids = options.rows.map((row) => row.dataset.id);
  const [current, inProgress, views, sales] = await Promise.all([
    findCurrentInstances(deps.db, ids),
    findDatasetsInProgress(deps.db, ids),
    findTotalViews(deps.db, options.teamId),
    findSalesPerDataset(deps.db, options.teamId),
  ]);
  const viewsOf = new Map(views.map((row) => [row.datasetId, row.views]));
  const salesOf = new Map(sales.map((row) => [row.datasetId, row]));
  return options.rows.map(({ dataset, familyName }) => {
    const instance = current.get(dataset.id);
    return {
      datasetId: dataset.id,
      dsiId: instance?.id ?? null,
      datasetName: dataset.name,
      datasetDesc: dataset.description,
      status: statusOf({ dataset, current: instance, isInProgress: inProgress.has(dataset.id) }),
      isPublished: dataset.isPublished,
      familyId: dataset.familyId,
      familyName,
      version: instance?.version ?? null,
      numberOfRows: dataset.numberOfRows,
      priceModel: dataset.priceModel,
      pricingBase: dataset.pricingBase,
      pricingValue: dataset.pricingValueCents,
      qualityScore: dataset.qualityScore,
      views: viewsOf.get(dataset.id) ?? 0,
      sales: salesOf.get(dataset.id)?.purchases ?? 0,
      revenue: salesOf.get(dataset.id)?.revenue ?? 0,
      lastUpdateDate: dataset.updatedAt.toISOString(),
    };
  });
}

/** GET /axon/datasets: the team's datasets, newest change first. */
export async function listMyDatasets(
  deps: Deps,
  options: Owner & { page: number; pageSize: number },
): Promise<TMyDatasetsResponse> {
  const { rows, total } = await findTeamDatasets(deps.db, options.teamId, {
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
  });
  return {
    items: await describeMyDatasets(deps, { teamId: options.teamId, rows }),
    total,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** One dataset of the team as Axon lists it. */
export async function getMyDataset(
  deps: Deps,
  options: Owner & { datasetId: string },
): Promise<TMyDataset> {
  const dataset = await requireTeamDataset(deps.db, options);
  const family = dataset.familyId ? await findFamily(deps.db, dataset.familyId) : undefined;
  const [item] = await describeMyDatasets(deps, {
    teamId: options.teamId,
    rows: [{ dataset, familyName: family?.name ?? null }],
  });
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

/** PUT /loader/dataset/{id}/price: the price buyers pay from now on; the access type follows it. */
export async function setDatasetPrice(
  deps: Deps,
  options: Owner & { datasetId: string; price: TDatasetPrice },
): Promise<void> {
  const { price } = options;
  await deps.db.transaction(async (tx) => {
    const dataset = await requireTeamDataset(tx, options);
    const access = await findElementByCode(tx, {
      dimensionCode: DIMENSION_CODES.ACCESS_TYPE,
      code: price.priceModel === PRICE_MODEL_FREE ? '001' : '002',
    });
    const others = (await findDatasetElements(tx, [dataset.id]))
      .map((row) => row.element)
      .filter((element) => element.dimensionCode !== DIMENSION_CODES.ACCESS_TYPE);
    await setDatasetElements(tx, dataset.id, [
      ...others.map((element) => element.id),
      ...(access ? [access.id] : []),
    ]);
    await updateTeamDataset(tx, options.teamId, dataset.id, {
      priceModel: price.priceModel,
      pricingBase: price.pricingBase,
      pricingValueCents: price.pricingValue,
      updatedAt: deps.clock.now(),
    });
  });
}

/**
 * PUT /loader/dataset/{id}/publish: into the catalogue for every team, or withdrawn from it
 * (buyers keep what they bought). Only a dataset with a confirmed version can be published.
 */
export async function setDatasetPublished(
  deps: Deps,
  options: Owner & { datasetId: string; isPublished: boolean },
): Promise<void> {
  const dataset = await requireTeamDataset(deps.db, options);
  if (options.isPublished) {
    const current = await findCurrentInstances(deps.db, [dataset.id]);
    if (!current.has(dataset.id)) {
      throw new AppError('CONFLICT', {
        message: 'Confirm a version of the data before publishing the dataset.',
      });
    }
  }
  await updateTeamDataset(deps.db, options.teamId, dataset.id, {
    isPublished: options.isPublished,
    updatedAt: deps.clock.now(),
  });
}

/** A view of another team's dataset's details page, counted for its seller. */
export async function recordView(
  deps: Deps,
  options: { dataset: DatasetRow; viewerTeamId: string },
): Promise<void> {
  const { dataset, viewerTeamId } = options;
  if (!dataset.teamId || dataset.teamId === viewerTeamId) return;
  await countView(deps.db, {
    datasetId: dataset.id,
    viewerTeamId,
    day: deps.clock.now().toISOString().slice(0, 10),
  });
}

function dayList(now: Date): string[] {
  return Array.from({ length: METRICS_DAYS }, (_, index) => {
    const day = new Date(now.getTime() - (METRICS_DAYS - 1 - index) * 86_400_000);
    return day.toISOString().slice(0, 10);
  });
}

/** GET /axon/metrics: the seller's views, purchases and revenue, in total, per day and per dataset. */
export async function getSellerMetrics(deps: Deps, options: Owner): Promise<TSellerMetrics> {
  const days = dayList(deps.clock.now());
  const firstDay = days[0] ?? '';
  const [all, recent, views, sales, recentSales] = await Promise.all([
    findTeamDatasets(deps.db, options.teamId, { limit: 10_000, offset: 0 }),
    findViews(deps.db, options.teamId, firstDay),
    findTotalViews(deps.db, options.teamId),
    findSalesPerDataset(deps.db, options.teamId),
    findSalesPerDay(deps.db, options.teamId, new Date(`${firstDay}T00:00:00Z`)),
  ]);
  const viewsOf = new Map(views.map((row) => [row.datasetId, row.views]));
  const salesOf = new Map(sales.map((row) => [row.datasetId, row]));
  const salesOn = new Map(recentSales.map((row) => [row.day, row]));
  const datasets = all.rows.map(({ dataset }) => ({
    datasetId: dataset.id,
    datasetName: dataset.name,
    views: viewsOf.get(dataset.id) ?? 0,
    purchases: salesOf.get(dataset.id)?.purchases ?? 0,
    revenue: salesOf.get(dataset.id)?.revenue ?? 0,
  }));
  return {
    totals: {
      datasets: all.total,
      published: all.rows.filter((row) => row.dataset.isPublished).length,
      views: datasets.reduce((sum, row) => sum + row.views, 0),
      // Sales of datasets deleted since count too: the seller was paid for them.
      purchases: sales.reduce((sum, row) => sum + row.purchases, 0),
      revenue: sales.reduce((sum, row) => sum + row.revenue, 0),
    },
    days: days.map((day) => ({
      day,
      views: recent.filter((row) => row.day === day).reduce((sum, row) => sum + row.views, 0),
      purchases: salesOn.get(day)?.purchases ?? 0,
      revenue: salesOn.get(day)?.revenue ?? 0,
    })),
    datasets,
  };
}
