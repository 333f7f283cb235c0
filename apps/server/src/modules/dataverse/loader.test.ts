import {
  LOADER_MULTIPART_MAX_BYTES,
  ROLES,
  type TDatasetEntry,
  type TDatasetsResponse,
  type TInstance,
  type TLoaderDatasetRequest,
  type TLoaderUploadUrlResponse,
  type TMyDataset,
  type TMyDatasetsResponse,
  type TSellerMetrics,
} from '@app/contracts';
import { zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { teamMember } from '../billing/billing-fixtures.js';
import { fileUpload } from '../../test/fixtures.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { seedDataverse } from './seed.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

const PEOPLE_CSV = [
  'customer_id,email,country,spend,signup',
  '1,ana@example.com,ES,120.5,2024-01-03',
  '2,ben@example.com,FR,80,2024-02-11',
  '3,carla@example.com,ES,,2024-02-20',
  '4,dan@example.com,DE,45.25,2024-03-01',
  '4,dan@example.com,DE,45.25,2024-03-01',
  '',
].join('\n');

const METADATA: TLoaderDatasetRequest = {
  datasetName: 'Customer spend',
  datasetDesc: 'Spend per customer of a web shop.',
  datasetDescAttributes: 'One row per customer.',
  datasetDescUsecases: 'Churn models.',
  industries: ['G'],
  useCases: [],
  country: 'ES',
  frequency: 'Monthly',
  priceModel: '0003',
  pricingBase: 100,
  pricingValue: 250,
};

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return test.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function createDataset(token: string, overrides: Partial<TLoaderDatasetRequest> = {}) {
  const response = await call(token, 'POST', '/api/loader/dataset', { ...METADATA, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMyDataset>();
}

function upload(token: string, datasetId: string, file: { body: Buffer; filename: string }) {
  const { payload, headers } = fileUpload({ ...file, contentType: 'text/csv' }, 'file');
  return test.app.inject({
    method: 'POST',
    url: `/api/loader/dataset/${datasetId}/instance`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

async function uploadCsv(token: string, datasetId: string, csv = PEOPLE_CSV, name = 'people.csv') {
  const response = await upload(token, datasetId, { body: Buffer.from(csv), filename: name });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<TInstance>();
}

async function instanceOf(token: string, datasetId: string, dsiId: string): Promise<TInstance> {
  const response = await call(token, 'GET', `/api/loader/dataset/${datasetId}/instance/${dsiId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TInstance>();
}

/** Runs the queued profiling jobs (the worker's part). */
async function profile(): Promise<void> {
  while ((await test.app.deps.jobs.runDue()) > 0);
}

async function storageKeyOf(dsiId: string): Promise<string> {
  const { findInstance } = await import('./repository.js');
  return (await findInstance(test.app.deps.db, dsiId))?.storageKey ?? '';
}

async function loadedDataset(token: string) {
  const dataset = await createDataset(token);
  const instance = await uploadCsv(token, dataset.datasetId);
  await profile();
  return { dataset, instance: await instanceOf(token, dataset.datasetId, instance.dsiId) };
}

describe('loader: a dataset’s metadata', () => {
  it('creates an unpublished dataset of the team with no data yet', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    expect(dataset).toMatchObject({
      datasetName: 'Customer spend',
      status: 'DRAFT',
      isPublished: false,
      dsiId: null,
      pricingValue: 250,
    });
    const mine = (await call(token, 'GET', '/api/axon/datasets')).json<TMyDatasetsResponse>();
    expect(mine.items.map((item) => item.datasetId)).toEqual([dataset.datasetId]);
  });

  it('refuses a missing name, an unknown industry or country, and a price that contradicts its model', async () => {
    const { token } = await signUpConfirmed(test);
    const post = (body: object) =>
      call(token, 'POST', '/api/loader/dataset', { ...METADATA, ...body });
    expectAppError(await post({ datasetName: ' ' }), 400, 'VALIDATION', 'datasetName');
    expectAppError(await post({ industries: ['ZZ'] }), 400, 'VALIDATION', 'industries');
    expectAppError(await post({ country: 'XX' }), 400, 'VALIDATION', 'country');
    expectAppError(await post({ priceModel: '0001' }), 400, 'VALIDATION', 'pricingValue');
    expectAppError(await post({ pricingValue: -1 }), 400, 'VALIDATION', 'pricingValue');
    const mine = (await call(token, 'GET', '/api/axon/datasets')).json<TMyDatasetsResponse>();
    expect(mine.total).toBe(0);
  });

  it('lets a team administrator load data and refuses a guest (403)', async () => {
    const { token } = await signUpConfirmed(test);
    const admin = await teamMember(test, token, ROLES.ADMIN);
    const guest = await teamMember(test, token, ROLES.GUEST);
    await createDataset(admin);
    expectAppError(await call(guest, 'POST', '/api/loader/dataset', METADATA), 403, 'FORBIDDEN');
    const mine = (await call(guest, 'GET', '/api/axon/datasets')).json<TMyDatasetsResponse>();
    expect(mine.total).toBe(1);
  });
});

describe('loader: a CSV version, profiled, reviewed and confirmed', () => {
  it('profiles the upload in a job: types, unique and missing counts, personal data, quality', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const queued = await uploadCsv(token, dataset.datasetId);
    expect(queued).toMatchObject({ status: 'PROFILING', version: 1, fileName: 'people.csv' });

    await profile();

    const instance = await instanceOf(token, dataset.datasetId, queued.dsiId);
    expect(instance).toMatchObject({ status: 'REVIEW', progress: 100, numberOfRows: 5 });
    const field = (name: string) => instance.fields.find((item) => item.name === name);
    expect(field('email')).toMatchObject({
      personalData: 'email',
      isSensitive: true,
      uniqueValues: 4,
      missingValues: 0,
    });
    expect(field('spend')).toMatchObject({ missingValues: 1, isSensitive: false });
    expect(field('spend')?.type).toMatch(/^numerical/);
    expect(field('signup')?.type).toBe('datetime');
    // 1 of 25 cells missing, 4 of 5 rows distinct: 100 × 0.96 × 0.8.
    expect(instance.qualityScore).toBe(76.8);
    expect(instance.sample.headers).toEqual(['customer_id', 'email', 'country', 'spend', 'signup']);
    expect(instance.sample.body[0]).toEqual(['1', 'ana@example.com', 'ES', '120.5', '2024-01-03']);
  });

  it('takes the seller’s review, confirms the version and gives the dataset its figures', async () => {
    const { token } = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(token);
    const base = `/api/loader/dataset/${dataset.datasetId}/instance/${instance.dsiId}`;
    const reviewed = await call(token, 'PUT', base, {
      fields: [
        { name: 'country', isTarget: true },
        { name: 'customer_id', type: 'id' },
        { name: 'email', isSensitive: false },
      ],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    const confirmed = await call(token, 'POST', `${base}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TInstance>().status).toBe('READY');

    const entry = (
      await call(token, 'GET', `/api/dataset/${dataset.datasetId}`)
    ).json<TDatasetEntry>();
    expect(entry.dsiId).toBe(instance.dsiId);
    expect(entry.numberOfRows).toBe(5);
    expect(entry.qualityScore.value).toBe(76.8);
    expect(entry.sample.headers).toHaveLength(5);
    expect(entry.versions.map((version) => version.version)).toEqual([1]);
    const fields = entry.dataset.fields;
    expect(fields.find((item) => item.dsfName === 'country')?.dsfIstarget).toBe(true);
    expect(fields.find((item) => item.dsfName === 'customer_id')?.dsfType.domelDesc).toBe('id');
    expect(fields.find((item) => item.dsfName === 'email')?.dsfIssensitive).toBe(false);
    const mine = (
      await call(token, 'GET', `/api/axon/datasets/${dataset.datasetId}`)
    ).json<TMyDataset>();
    expect(mine).toMatchObject({ status: 'READY', version: 1, dsiId: instance.dsiId });
  });

  it('refuses review edits naming no column, a bad type or two targets; and confirming twice', async () => {
    const { token } = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(token);
    const base = `/api/loader/dataset/${dataset.datasetId}/instance/${instance.dsiId}`;
    const put = (fields: object[]) => call(token, 'PUT', base, { fields });
    expectAppError(
      await put([{ name: 'nope', isTarget: true }]),
      400,
      'VALIDATION',
      'fields.0.name',
    );
    expectAppError(
      await put([{ name: 'spend', type: 'money' }]),
      400,
      'VALIDATION',
      'fields.0.type',
    );
    // 'empty' is the engine's word for a column without values, not a type to choose.
    expectAppError(
      await put([
        { name: 'country', isTarget: true },
        { name: 'spend', type: 'empty' },
      ]),
      400,
      'VALIDATION',
      'fields.1.type',
    );
    expectAppError(
      await put([
        { name: 'spend', isTarget: true },
        { name: 'country', isTarget: true },
      ]),
      400,
      'VALIDATION',
      'fields',
    );
    expect((await call(token, 'POST', `${base}/confirm`)).statusCode).toBe(200);
    expectAppError(await call(token, 'POST', `${base}/confirm`), 409, 'CONFLICT');
    expectAppError(await call(token, 'POST', `${base}/cancel`), 409, 'CONFLICT');
    expectAppError(await put([{ name: 'spend', isTarget: true }]), 409, 'CONFLICT');
  });

  it('adds a new file as version 2, one version in progress at a time, and keeps the history', async () => {
    const { token } = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(token);
    const base = `/api/loader/dataset/${dataset.datasetId}`;
    expectAppError(
      await upload(token, dataset.datasetId, { body: Buffer.from(PEOPLE_CSV), filename: 'b.csv' }),
      409,
      'CONFLICT',
    );
    await call(token, 'POST', `${base}/instance/${instance.dsiId}/confirm`);
    const second = await uploadCsv(
      token,
      dataset.datasetId,
      `${PEOPLE_CSV}5,eve@example.com,IT,10,2024-04-01\n`,
    );
    expect(second.version).toBe(2);
    await profile();
    const before = (
      await call(token, 'GET', `/api/dataset/${dataset.datasetId}`)
    ).json<TDatasetEntry>();
    expect(before.dsiId).toBe(instance.dsiId);
    await call(token, 'POST', `${base}/instance/${second.dsiId}/confirm`);

    const entry = (
      await call(token, 'GET', `/api/dataset/${dataset.datasetId}`)
    ).json<TDatasetEntry>();
    expect(entry.dsiId).toBe(second.dsiId);
    expect(entry.numberOfRows).toBe(6);
    expect(entry.versions.map((version) => version.version)).toEqual([2, 1]);
    const all = (await call(token, 'GET', `${base}/instances`)).json<TInstance[]>();
    expect(all.map((item) => item.status)).toEqual(['READY', 'READY']);
  });
});

describe('loader: the signed upload address', () => {
  it('takes a PUT of the file, then profiles it when the upload is confirmed', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const base = `/api/loader/dataset/${dataset.datasetId}/instance`;
    const address = await call(token, 'POST', `${base}/url?fileName=people.csv`);
    expect(address.statusCode, address.body).toBe(201);
    const { dsiId, signedUrl, method } = address.json<TLoaderUploadUrlResponse>();
    expect(method).toBe('PUT');
    expectAppError(
      await call(token, 'PUT', `${base}/${dsiId}/url/confirm`),
      400,
      'VALIDATION',
      'file',
    );

    const put = await test.app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: PEOPLE_CSV,
    });
    expect(put.statusCode, put.body).toBe(204);
    const confirmed = await call(token, 'PUT', `${base}/${dsiId}/url/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    expect(confirmed.json<TInstance>().status).toBe('PROFILING');
    await profile();
    expect((await instanceOf(token, dataset.datasetId, dsiId)).status).toBe('REVIEW');
  });

  it('refuses a file name that is not CSV or zip', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const response = await call(
      token,
      'POST',
      `/api/loader/dataset/${dataset.datasetId}/instance/url?fileName=people.xlsx`,
    );
    expectAppError(response, 400, 'VALIDATION', 'fileName');
  });
});

describe('loader: bad files', () => {
  it('refuses another type, an empty file and one over the multipart limit, storing nothing', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const send = (body: Buffer, filename: string) =>
      upload(token, dataset.datasetId, { body, filename });
    expectAppError(await send(Buffer.from('a,b\n1,2\n'), 'notes.txt'), 400, 'VALIDATION', 'file');
    expectAppError(await send(Buffer.alloc(0), 'empty.csv'), 400, 'VALIDATION', 'file');
    expectAppError(
      await send(Buffer.alloc(LOADER_MULTIPART_MAX_BYTES + 1, 'a'), 'big.csv'),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const all = (
      await call(token, 'GET', `/api/loader/dataset/${dataset.datasetId}/instances`)
    ).json<TInstance[]>();
    expect(all).toEqual([]);
  });

  it('fails a malformed CSV with the reason and removes its file', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const queued = await uploadCsv(token, dataset.datasetId, 'a,b\n1,2\n3\n4,5\n');
    const key = await storageKeyOf(queued.dsiId);
    expect(await test.app.deps.storage.has(key)).toBe(true);
    await profile();
    const failed = await instanceOf(token, dataset.datasetId, queued.dsiId);
    expect(failed.status).toBe('FAILED');
    expect(failed.failure).toMatch(/Row 3 has 1 cells/);
    expect(await test.app.deps.storage.has(key)).toBe(false);
    const headerOnly = await uploadCsv(token, dataset.datasetId, 'a,b\n');
    await profile();
    expect((await instanceOf(token, dataset.datasetId, headerOnly.dsiId)).failure).toMatch(
      /no data rows/,
    );
  });
});

describe('loader: cancel', () => {
  it('cancels a version in review and removes its file; the dataset keeps no data', async () => {
    const { token } = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(token);
    const key = await storageKeyOf(instance.dsiId);
    expect(await test.app.deps.storage.has(key)).toBe(true);

    const cancelled = await call(
      token,
      'POST',
      `/api/loader/dataset/${dataset.datasetId}/instance/${instance.dsiId}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TInstance>().status).toBe('CANCELLED');
    expect(await test.app.deps.storage.has(key)).toBe(false);
    const mine = (
      await call(token, 'GET', `/api/axon/datasets/${dataset.datasetId}`)
    ).json<TMyDataset>();
    expect(mine).toMatchObject({ status: 'DRAFT', dsiId: null });
  });

  it('stops a profiling job cancelled before it ran', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token);
    const queued = await uploadCsv(token, dataset.datasetId);
    await call(
      token,
      'POST',
      `/api/loader/dataset/${dataset.datasetId}/instance/${queued.dsiId}/cancel`,
    );
    await profile();
    expect((await instanceOf(token, dataset.datasetId, queued.dsiId)).status).toBe('CANCELLED');
  });
});

describe('loader: a zip of CSV tables becomes a family', () => {
  const zip = Buffer.from(
    zipSync({
      'accounts.csv': Buffer.from('account_id,district\n1,Praha\n2,Brno\n'),
      'transactions.csv': Buffer.from('trans_id,account_id,amount\n10,1,5.5\n11,1,7\n12,2,3\n'),
      'readme.txt': Buffer.from('not a table'),
    }),
  );

  it('profiles each table, confirms them together, and links a key by a relation', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token, { datasetName: 'Bank' });
    const response = await upload(token, dataset.datasetId, { body: zip, filename: 'bank.zip' });
    expect(response.statusCode, response.body).toBe(202);
    const first = response.json<TInstance>();
    await profile();

    const mine = (await call(token, 'GET', '/api/axon/datasets')).json<TMyDatasetsResponse>();
    expect(mine.items.map((item) => item.datasetName).sort()).toEqual([
      'Bank',
      'Bank · transactions',
    ]);
    const transactions = mine.items.find((item) => item.datasetName === 'Bank · transactions');
    expect(transactions?.familyName).toBe('Bank');
    const head = await instanceOf(token, dataset.datasetId, first.dsiId);
    expect(head).toMatchObject({ status: 'REVIEW', fileName: 'accounts.csv', numberOfRows: 2 });

    const confirm = await call(
      token,
      'POST',
      `/api/loader/dataset/${dataset.datasetId}/instance/${first.dsiId}/confirm`,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const relation = await call(token, 'POST', '/api/loader/relations', {
      relations: [
        {
          datasetId: transactions?.datasetId,
          column: 'account_id',
          referencedDatasetId: dataset.datasetId,
          referencedColumn: 'account_id',
        },
      ],
    });
    expect(relation.statusCode, relation.body).toBe(204);
    const entry = (
      await call(token, 'GET', `/api/dataset/${transactions?.datasetId ?? ''}`)
    ).json<TDatasetEntry>();
    expect(entry.numberOfRows).toBe(3);
    expect(entry.datasetFamily?.datasets).toHaveLength(2);
    const key = entry.dataset.fields.find((field) => field.dsfName === 'account_id');
    expect(key?.dsfReference).toBe('Bank.account_id');
  });

  it('cancels the whole zip: its files, the datasets it added and its family', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await createDataset(token, { datasetName: 'Bank' });
    const first = (
      await upload(token, dataset.datasetId, { body: zip, filename: 'bank.zip' })
    ).json<TInstance>();
    await profile();
    const all = (
      await call(token, 'GET', `/api/loader/dataset/${dataset.datasetId}/instances`)
    ).json<TInstance[]>();
    const key = await storageKeyOf(all[0]?.dsiId ?? '');
    const cancelled = await call(
      token,
      'POST',
      `/api/loader/dataset/${dataset.datasetId}/instance/${first.dsiId}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await test.app.deps.storage.has(key)).toBe(false);
    const mine = (await call(token, 'GET', '/api/axon/datasets')).json<TMyDatasetsResponse>();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ familyId: null, status: 'DRAFT' });
  });

  it('refuses a relation between datasets of no common family', async () => {
    const { token } = await signUpConfirmed(test);
    const a = await createDataset(token);
    const b = await createDataset(token);
    const response = await call(token, 'POST', '/api/loader/relations', {
      relations: [
        {
          datasetId: a.datasetId,
          column: 'x',
          referencedDatasetId: b.datasetId,
          referencedColumn: 'y',
        },
      ],
    });
    expectAppError(response, 400, 'VALIDATION', 'relations.0.referencedDatasetId');
  });
});

describe('monetize, my data and metrics', () => {
  it('prices and publishes a confirmed dataset for other teams, and withdraws it', async () => {
    const seller = await signUpConfirmed(test);
    const buyer = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(seller.token);
    const base = `/api/loader/dataset/${dataset.datasetId}`;
    expectAppError(
      await call(seller.token, 'PUT', `${base}/publish`, { isPublished: true }),
      409,
      'CONFLICT',
    );
    await call(seller.token, 'POST', `${base}/instance/${instance.dsiId}/confirm`);
    const priced = await call(seller.token, 'PUT', `${base}/price`, {
      priceModel: '0003',
      pricingBase: 1000,
      pricingValue: 900,
    });
    expect(priced.statusCode, priced.body).toBe(204);
    expect(
      (await call(seller.token, 'PUT', `${base}/publish`, { isPublished: true })).statusCode,
    ).toBe(204);

    const found = (
      await call(buyer.token, 'GET', '/api/dataverse/datasets?q=customer%20spend')
    ).json<TDatasetsResponse>();
    expect(found.items[0]).toMatchObject({
      datasetId: dataset.datasetId,
      dsiId: instance.dsiId,
      pricingBase: 1000,
      pricingValue: 900,
      isOwn: false,
    });
    const mine = (
      await call(seller.token, 'GET', `/api/axon/datasets/${dataset.datasetId}`)
    ).json<TMyDataset>();
    expect(mine.status).toBe('PUBLISHED');

    await call(seller.token, 'PUT', `${base}/publish`, { isPublished: false });
    expectAppError(
      await call(buyer.token, 'GET', `/api/dataset/${dataset.datasetId}`),
      404,
      'NOT_FOUND',
    );
  });

  it('shows another team no values of the columns marked sensitive; the seller sees them', async () => {
    const seller = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(seller.token);
    const base = `/api/loader/dataset/${dataset.datasetId}`;
    await call(seller.token, 'PUT', `${base}/instance/${instance.dsiId}`, {
      fields: [{ name: 'spend', isSensitive: true }],
    });
    await call(seller.token, 'POST', `${base}/instance/${instance.dsiId}/confirm`);
    await call(seller.token, 'PUT', `${base}/publish`, { isPublished: true });
    const column = (entry: TDatasetEntry, name: string) =>
      entry.sample.body.map((row) => row[entry.sample.headers.indexOf(name)]);

    const seen = (
      await call(other.token, 'GET', `/api/dataset/${dataset.datasetId}`)
    ).json<TDatasetEntry>();
    expect(seen.sample.body).toHaveLength(5);
    expect(column(seen, 'email')).toEqual(['', '', '', '', '']);
    expect(column(seen, 'spend')).toEqual(['', '', '', '', '']);
    expect(column(seen, 'country')).toEqual(['ES', 'FR', 'ES', 'DE', 'DE']);
    const own = (
      await call(seller.token, 'GET', `/api/dataset/${dataset.datasetId}`)
    ).json<TDatasetEntry>();
    expect(column(own, 'email')[0]).toBe('ana@example.com');
    expect(column(own, 'spend')[0]).toBe('120.5');
  });

  it('counts other teams’ views of the details page for the seller, not the seller’s own', async () => {
    const seller = await signUpConfirmed(test);
    const buyer = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(seller.token);
    const base = `/api/loader/dataset/${dataset.datasetId}`;
    await call(seller.token, 'POST', `${base}/instance/${instance.dsiId}/confirm`);
    await call(seller.token, 'PUT', `${base}/publish`, { isPublished: true });
    await call(buyer.token, 'GET', `/api/dataset/${dataset.datasetId}`);
    await call(buyer.token, 'GET', `/api/dataset/${dataset.datasetId}`);
    await call(seller.token, 'GET', `/api/dataset/${dataset.datasetId}`);

    const metrics = (await call(seller.token, 'GET', '/api/axon/metrics')).json<TSellerMetrics>();
    expect(metrics.totals).toMatchObject({ datasets: 1, published: 1, views: 2 });
    expect(metrics.days).toHaveLength(30);
    expect(metrics.days.at(-1)?.views).toBe(2);
    expect(metrics.datasets).toEqual([
      expect.objectContaining({ datasetId: dataset.datasetId, views: 2 }),
    ]);
    const buyerMetrics = (
      await call(buyer.token, 'GET', '/api/axon/metrics')
    ).json<TSellerMetrics>();
    expect(buyerMetrics.totals.views).toBe(0);
  });

  it('deletes a dataset with its version in progress and that version’s file', async () => {
    const { token } = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(token);
    const key = await storageKeyOf(instance.dsiId);
    expect((await call(token, 'DELETE', `/api/dataset/${dataset.datasetId}`)).statusCode).toBe(204);
    expect(await test.app.deps.storage.has(key)).toBe(false);
  });
});

describe('loader: another team’s ids are not found', () => {
  it('answers 404 on every call naming another team’s dataset or instance, changing nothing', async () => {
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const { dataset, instance } = await loadedDataset(owner.token);
    const base = `/api/loader/dataset/${dataset.datasetId}`;
    const inst = `${base}/instance/${instance.dsiId}`;
    const calls: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', `/api/axon/datasets/${dataset.datasetId}`],
      ['GET', `${base}/instances`],
      ['GET', inst],
      ['POST', `${base}/instance/url?fileName=a.csv`],
      ['PUT', `${inst}/url/confirm`],
      ['PUT', inst, { fields: [{ name: 'spend', isTarget: true }] }],
      ['POST', `${inst}/confirm`],
      ['POST', `${inst}/cancel`],
      ['PUT', `${base}/price`, { priceModel: '0001', pricingBase: 1, pricingValue: 0 }],
      ['PUT', `${base}/publish`, { isPublished: true }],
      ['DELETE', `/api/dataset/${dataset.datasetId}`],
    ];
    for (const [method, url, payload] of calls) {
      expectAppError(await call(other.token, method, url, payload), 404, 'NOT_FOUND');
    }
    expectAppError(
      await upload(other.token, dataset.datasetId, {
        body: Buffer.from(PEOPLE_CSV),
        filename: 'a.csv',
      }),
      404,
      'NOT_FOUND',
    );
    const relation = await call(other.token, 'POST', '/api/loader/relations', {
      relations: [
        {
          datasetId: dataset.datasetId,
          column: 'spend',
          referencedDatasetId: dataset.datasetId,
          referencedColumn: 'spend',
        },
      ],
    });
    expectAppError(relation, 404, 'NOT_FOUND');
    const still = await instanceOf(owner.token, dataset.datasetId, instance.dsiId);
    expect(still.status).toBe('REVIEW');
    expect(still.fields.every((field) => !field.isTarget)).toBe(true);
  });
});
