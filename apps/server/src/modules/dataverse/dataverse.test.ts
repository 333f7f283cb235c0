import {
  PRICE_MODEL_FREE,
  ROLES,
  type TDatasetEntry,
  type TDatasetsResponse,
  type TDimension,
  type TDomain,
  type TReferenceItem,
} from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dvDatasetFamilies,
  dvDatasetFields,
  dvDatasetInstances,
  dvDatasets,
  dvDimensionElements,
  dvDimensions,
} from '../../db/schema/index.js';
import { ensurePlatformAdmin } from '../admin/service.js';
import { teamMember } from '../billing/billing-fixtures.js';
import {
  bearer,
  expectAppError,
  signUpConfirmed,
  useTestApp,
  type TestApp,
} from '../../test/test-app.js';
import { insertTeamDataset, insertTeamFamilyWithDatasets } from './dataverse-fixtures.js';
import { RANKED_CANDIDATES } from './repository.js';
import { foldText } from './search-text.js';
import { seedDataverse } from './seed.js';
import { SEED_DATASETS } from './seed-datasets.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

async function adminSession(app: TestApp['app']): Promise<string> {
  const admin = { email: 'dataverse-root@neuron-platform.test', password: 'Admin#Pass97' };
  await ensurePlatformAdmin(app.deps.db, admin);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: admin });
  return login.json<{ token: string }>().token;
}

async function get(token: string, url: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
}

async function search(token: string, query: string): Promise<TDatasetsResponse> {
  const response = await get(token, `/api/dataverse/datasets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDatasetsResponse>();
}

const names = (result: TDatasetsResponse) => result.items.map((item) => item.datasetName);

/** Published platform datasets with these names and descriptions, an hour apart from `from`. */
async function insertPlatformDatasets(
  datasets: { name: string; description: string }[],
  from: number,
): Promise<void> {
  await test.app.deps.db.insert(dvDatasets).values(
    datasets.map(({ name, description }, index): typeof dvDatasets.$inferInsert => ({
      teamId: null,
      name,
      description,
      providerName: 'Wildlife Office',
      priceModel: PRICE_MODEL_FREE,
      numberOfRows: 10,
      diskSizeBytes: 100,
      qualityMethod: 'test',
      utilityMethod: 'test',
      sample: { headers: ['species'], body: [] },
      licenceName: 'CC BY 4.0',
      sourceName: 'Wildlife Office',
      isPublished: true,
      searchName: foldText(name),
      searchText: foldText(`${name} ${description}`),
      updatedAt: new Date(from + index * 3_600_000),
    })),
  );
}

describe('reference data', () => {
  it('lists every dimension of the spec, regions with their countries, in English by default', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await get(token, '/api/dimensions/');
    expect(response.statusCode, response.body).toBe(200);
    const dimensions = response.json<TDimension[]>();
    expect(dimensions.map((dimension) => dimension.dimensionCode)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '07',
      '10',
      '11',
    ]);
    const europe = dimensions[0]?.domels.find((region) => region.domelCode === 'EU');
    expect(europe?.domelDesc).toBe('Europe');
    expect(europe?.children.map((country) => country.domelCode)).toContain('ES');
    const industries = dimensions.find((dimension) => dimension.dimensionCode === '03');
    expect(industries?.domels.map((industry) => industry.domelCode)).toHaveLength(21);
    const nature = dimensions.find((dimension) => dimension.dimensionCode === '05');
    expect(nature?.domels.find((item) => item.domelCode === '002')?.domelDesc).toBe(
      'Synthetic data',
    );
  });

  it('answers in Spanish for ?lang=es or a Spanish Accept-Language, countries under their region', async () => {
    const { token } = await signUpConfirmed(test);
    const byQuery = await get(token, '/api/dimension/code/02?lang=es');
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    const spain = byQuery.json<TReferenceItem[]>().find((country) => country.domelCode === 'ES');
    expect(spain?.domelDesc).toBe('España');
    const regions = await get(token, '/api/dimension/code/01', { 'accept-language': 'es-ES' });
    const europe = regions.json<TReferenceItem[]>().find((region) => region.domelCode === 'EU');
    expect(europe?.domelDesc).toBe('Europa');
    expect(spain?.domelParent).toBe(europe?.domelId);
    const industries = await get(token, '/api/dimension/code/03?lang=es');
    expect(industries.json<TReferenceItem[]>()[10]).toMatchObject({
      domelCode: 'K',
      domelDesc: 'Actividades financieras y de seguros',
    });
  });

  it('refuses an unknown dimension code or language, and a caller who is not signed in', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(await get(token, '/api/dimension/code/99'), 400, 'VALIDATION', 'code');
    expectAppError(await get(token, '/api/dimension/code/02?lang=fr'), 400, 'VALIDATION', 'lang');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/dimensions/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reference data edits (platform administrator)', () => {
  const domain = {
    dimensionCode: '10',
    domelCode: '042',
    descriptionEn: 'Agritech',
    descriptionEs: 'Agrotecnología',
  };

  it('lets the administrator add a domain and change its descriptions', async () => {
    const admin = await adminSession(test.app);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/dataverse/domain/',
      headers: bearer(admin),
      payload: domain,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { domelId } = created.json<TDomain>();
    const updated = await test.app.inject({
      method: 'PUT',
      url: `/api/domain/${domelId}`,
      headers: bearer(admin),
      payload: { descriptionEn: 'Agricultural technology', descriptionEs: 'Tecnología agraria' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const domains = await get(admin, '/api/dimension/code/10?lang=es');
    expect(
      domains.json<TReferenceItem[]>().find((item) => item.domelId === domelId)?.domelDesc,
    ).toBe('Tecnología agraria');
  });

  it('refuses a code the dimension has, a bad body, an unknown element and a parent of another kind', async () => {
    const admin = await adminSession(test.app);
    const post = (payload: object) =>
      test.app.inject({
        method: 'POST',
        url: '/api/dataverse/domain/',
        headers: bearer(admin),
        payload,
      });
    const taken = await post({ ...domain, domelCode: '001' });
    expectAppError(taken, 409, 'CONFLICT', 'domelCode');
    expect(taken.json<{ error: { reason?: string } }>().error.reason).toBe('DOMAIN_CODE_EXISTS');
    expectAppError(
      await post({ ...domain, descriptionEs: ' ' }),
      400,
      'VALIDATION',
      'descriptionEs',
    );
    expectAppError(
      await post({ ...domain, dimensionCode: '42' }),
      400,
      'VALIDATION',
      'dimensionCode',
    );
    expectAppError(await post({ ...domain, domelCode: 'a b' }), 400, 'VALIDATION', 'domelCode');
    const industries = await get(admin, '/api/dimension/code/03');
    const industry = industries.json<TReferenceItem[]>()[0];
    expectAppError(
      await post({ ...domain, domelParent: industry?.domelId }),
      400,
      'VALIDATION',
      'domelParent',
    );
    const put = (id: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/domain/${id}`,
        headers: bearer(admin),
        payload: { descriptionEn: 'A', descriptionEs: 'B' },
      });
    expectAppError(await put('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectAppError(await put('not-an-id'), 400, 'VALIDATION', 'domelId');
  });

  it('refuses a team owner (403) and changes nothing', async () => {
    const { token } = await signUpConfirmed(test);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/dataverse/domain/',
      headers: bearer(token),
      payload: domain,
    });
    expect(created.statusCode).toBe(403);
    const domains = (await get(token, '/api/dimension/code/10')).json<TReferenceItem[]>();
    expect(domains.map((item) => item.domelCode)).not.toContain('042');
    const first = domains[0];
    const updated = await test.app.inject({
      method: 'PUT',
      url: `/api/domain/${first?.domelId ?? ''}`,
      headers: bearer(token),
      payload: { descriptionEn: 'Hacked', descriptionEs: 'Hackeado' },
    });
    expect(updated.statusCode).toBe(403);
  });
});

describe('catalogue search', () => {
  it('starts with the seeded catalogue: synthetic and open datasets, newest first', async () => {
    const { token } = await signUpConfirmed(test);
    const result = await search(token, '');
    expect(result.total).toBe(SEED_DATASETS.length);
    expect(result.items.filter((item) => item.isSynthetic)).toHaveLength(3);
    expect(result.items.every((item) => !item.isOwn && item.isPublished)).toBe(true);
  });

  it('pages the catalogue, counting every match on each page and past the last one', async () => {
    const { token } = await signUpConfirmed(test);
    const all = names(await search(token, 'pageSize=100'));

    const second = await search(token, 'page=2&pageSize=4');
    expect(names(second)).toEqual(all.slice(4, 8));
    expect(second.total).toBe(SEED_DATASETS.length);
    const past = await search(token, 'page=5&pageSize=4');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(SEED_DATASETS.length);
  });

  it('ranks the dataset named by the query first', async () => {
    const { token } = await signUpConfirmed(test);
    expect(names(await search(token, 'q=penguins'))[0]).toBe('Palmer Archipelago penguins');
    expect(names(await search(token, 'q=bank%20transactions'))[0]).toBe(
      'Synthetic bank transactions (Berka)',
    );
  });

  it('ignores accents and case, and finds words of the reference data in Spanish', async () => {
    const { token } = await signUpConfirmed(test);
    const accented = names(await search(token, `q=${encodeURIComponent('ENERGÍA')}`));
    const plain = names(await search(token, 'q=energia'));
    expect(accented[0]).toBe('Iowa electricity generation by source');
    expect(plain).toEqual(accented);
    expect(names(await search(token, `q=${encodeURIComponent('adélie')}`))[0]).toBe(
      'Palmer Archipelago penguins',
    );
  });

  it('tolerates a typo', async () => {
    const { token } = await signUpConfirmed(test);
    expect(names(await search(token, 'q=pengiuns'))[0]).toBe('Palmer Archipelago penguins');
    expect(names(await search(token, 'q=electrcity'))[0]).toBe(
      'Iowa electricity generation by source',
    );
  });

  it('answers nothing for words no dataset has', async () => {
    const { token } = await signUpConfirmed(test);
    expect((await search(token, 'q=zzqxv')).total).toBe(0);
  });

  it('filters by industry, country and use case codes, and by price', async () => {
    const { token } = await signUpConfirmed(test);
    expect(names(await search(token, 'industry=K')).sort()).toEqual([
      'Synthetic bank accounts (Berka)',
      'Synthetic bank transactions (Berka)',
    ]);
    expect(names(await search(token, 'country=aq'))).toEqual(['Palmer Archipelago penguins']);
    expect(names(await search(token, 'usecase=004'))).toEqual([
      'Synthetic bank transactions (Berka)',
    ]);
    const free = await search(token, 'includeOnSaleDatasets=false');
    expect(free.items.every((item) => item.pricingValue === 0)).toBe(true);
    expect(free.total).toBe(SEED_DATASETS.length - 2);
    expect(names(await search(token, 'industry=K,D&country=US'))).toEqual([
      'Iowa electricity generation by source',
    ]);
  });

  it('shows a team its own unpublished datasets unless asked not to, and never another team’s', async () => {
    const ours = await signUpConfirmed(test);
    const theirs = await signUpConfirmed(test);
    await insertTeamDataset(test.app.deps.db, { teamId: ours.teamId, name: 'Our store sales' });
    const own = await search(ours.token, 'q=store');
    expect(own.items.map((item) => [item.datasetName, item.isOwn, item.isPublished])).toEqual([
      ['Our store sales', true, false],
    ]);
    expect((await search(ours.token, 'q=store&includeUserDatasets=false')).total).toBe(0);
    expect((await search(theirs.token, 'q=store')).total).toBe(0);
  });

  it('filters by vendor names, the parameter repeated, trimmed and whatever their case', async () => {
    const { token } = await signUpConfirmed(test);
    const vendor = (...names: string[]) =>
      names.map((name) => `vendor=${encodeURIComponent(name)}`).join('&');
    const palmer = await search(token, vendor(' Palmer Station Antarctica LTER '));
    expect(palmer.items.map((item) => item.providerName)).toEqual([
      'Palmer Station Antarctica LTER',
    ]);
    const two = await search(
      token,
      vendor('Palmer Station Antarctica LTER', 'Scripps CO₂ Program'),
    );
    expect(two.total).toBe(2);
    expect((await search(token, vendor('palmer station antarctica lter'))).total).toBe(1);
    expect((await search(token, vendor('Palmer'))).total).toBe(0);
    expect((await search(token, vendor(' ', ''))).total).toBe(SEED_DATASETS.length);
  });

  it('finds by a vendor whose name holds a comma, sent as one value', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const db = test.app.deps.db;
    await insertTeamDataset(db, {
      teamId,
      name: 'Iberian olive harvests',
      providerName: 'Acme, S.L.',
    });
    await insertTeamDataset(db, { teamId, name: 'Acme shipments', providerName: 'Acme' });
    const acme = await search(token, `vendor=${encodeURIComponent('Acme, S.L.')}`);
    expect(names(acme)).toEqual(['Iberian olive harvests']);
    const both = await search(token, `vendor=${encodeURIComponent('Acme, S.L.')}&vendor=Acme`);
    expect(both.total).toBe(2);
  });

  it('finds every dataset of a vendor the list shows once, whatever the case of each', async () => {
    const ours = await signUpConfirmed(test);
    const db = test.app.deps.db;
    await insertTeamDataset(db, {
      teamId: ours.teamId,
      name: 'Our lower-case provider',
      providerName: 'neuron platform',
    });
    const listed = (await get(ours.token, '/api/dataverse/vendors')).json<string[]>();
    const neuron = listed.filter((name) => name.toLowerCase() === 'neuron platform');
    expect(neuron).toEqual(['Neuron Platform']);
    const found = await search(ours.token, `vendor=${encodeURIComponent('Neuron Platform')}`);
    const seeded = SEED_DATASETS.filter((dataset) => dataset.providerName === 'Neuron Platform');
    expect(found.total).toBe(seeded.length + 1);
    expect(names(found)).toContain('Our lower-case provider');
  });

  it('lists the vendors a team can see, sorted, once per name whatever its case', async () => {
    const ours = await signUpConfirmed(test);
    const theirs = await signUpConfirmed(test);
    const db = test.app.deps.db;
    await insertTeamDataset(db, { teamId: ours.teamId, providerName: 'neuron platform' });
    await insertTeamDataset(db, { teamId: ours.teamId, providerName: 'Zeta Data' });
    await insertTeamDataset(db, { teamId: theirs.teamId, providerName: 'Hidden Vendor' });
    await insertTeamDataset(db, {
      teamId: theirs.teamId,
      providerName: 'Open Vendor',
      isPublished: true,
    });
    const vendors = async (token: string) => {
      const response = await get(token, '/api/dataverse/vendors');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<string[]>();
    };
    const seeded = [...new Set(SEED_DATASETS.map((dataset) => dataset.providerName))];
    const sorted = (names: string[]) =>
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    const ourVendors = await vendors(ours.token);
    expect(ourVendors).toHaveLength(seeded.length + 2);
    expect(ourVendors).toEqual(sorted([...seeded, 'Open Vendor', 'Zeta Data']));
    expect(ourVendors).not.toContain('Hidden Vendor');
    expect(ourVendors).not.toContain('neuron platform');
    expect(await vendors(theirs.token)).toContain('Hidden Vendor');
    expect((await search(ours.token, 'vendor=Hidden%20Vendor')).total).toBe(0);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/dataverse/vendors' })).statusCode,
    ).toBe(401);
  });

  it('ranks the name first and counts every match when more datasets match than are ranked by name', async () => {
    const { token } = await signUpConfirmed(test);
    // Newer datasets that name the word only in their description, then an older one named by it.
    const others = RANKED_CANDIDATES + 40;
    await insertPlatformDatasets(
      [{ name: 'Quokka census', description: 'Counts of animals on Rottnest Island.' }],
      Date.UTC(2020, 0, 1),
    );
    await insertPlatformDatasets(
      Array.from({ length: others }, (_, index) => ({
        name: `Island fauna survey ${String(index)}`,
        description: 'Sightings of every quokka and bird on the island.',
      })),
      Date.UTC(2021, 0, 1),
    );

    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      pages.push(await search(token, `q=quokka&pageSize=100&page=${String(page)}`));
    }
    expect(pages.map((page) => page.total)).toEqual([others + 1, others + 1, others + 1]);
    const found = pages.flatMap(names);
    expect(found[0]).toBe('Quokka census');
    expect(found).toHaveLength(others + 1);
    expect(new Set(found).size).toBe(others + 1);
    // A typo finds the same dataset first: its resembling word counts in the choice of candidates.
    const typo = await search(token, 'q=quokak');
    expect(typo.total).toBe(others + 1);
    expect(names(typo)[0]).toBe('Quokka census');
  });

  it('pages the results', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await search(token, 'pageSize=4');
    const second = await search(token, 'pageSize=4&page=2');
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(SEED_DATASETS.length - 4);
    expect(second.total).toBe(SEED_DATASETS.length);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    const { token } = await signUpConfirmed(test);
    const bad = (query: string) => get(token, `/api/dataverse/datasets?${query}`);
    expectAppError(await bad('page=0'), 400, 'VALIDATION', 'page');
    expectAppError(await bad('pageSize=1000'), 400, 'VALIDATION', 'pageSize');
    expectAppError(await bad('includeOnSaleDatasets=maybe'), 400, 'VALIDATION');
    expectAppError(await bad(`q=${'a'.repeat(201)}`), 400, 'VALIDATION', 'q');
    expectAppError(await bad('industry=a%20b'), 400, 'VALIDATION');
    expectAppError(await bad(`vendor=${'a'.repeat(201)}`), 400, 'VALIDATION', 'vendor');
    const tooMany = Array.from({ length: 21 }, (_, index) => `vendor=v${String(index)}`);
    expectAppError(await bad(tooMany.join('&')), 400, 'VALIDATION', 'vendor');
    // Operators of the full-text syntax are only punctuation to the search.
    expect((await bad(`q=${encodeURIComponent("a & | ! ( ) :* ' \\")}`)).statusCode).toBe(200);
  });
});

describe('dataset details', () => {
  async function seededId(token: string, q: string): Promise<string> {
    const item = (await search(token, `q=${encodeURIComponent(q)}`)).items[0];
    if (!item) throw new Error(`no dataset for ${q}`);
    return item.datasetId;
  }

  it('answers the spec’s dataset entry: fields, sample, scores with their method, nature, licence', async () => {
    const { token } = await signUpConfirmed(test);
    const id = await seededId(token, 'census income');
    const response = await get(token, `/api/dataset/${id}?lang=es`);
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json<TDatasetEntry>();
    expect(entry.dataset.datasetName).toBe('Synthetic census income (Adult)');
    expect(entry.numberOfRows).toBe(300);
    expect(entry.pricingValue).toBe(50);
    expect(entry.pricingBase).toBe(100);
    expect(entry.dataset.priceModel.domelCode).toBe('0003');
    expect(entry.diskSize).toBeGreaterThan(10_000);
    expect(entry.sample.headers).toContain('income');
    expect(entry.sample.body.length).toBe(20);
    expect(entry.dataset.fields).toHaveLength(15);
    expect(entry.dataset.fields.find((field) => field.dsfName === 'income')).toMatchObject({
      dsfIstarget: true,
      dsfType: { domelDesc: 'categorical' },
    });
    expect(entry.utilityScore.value).toBe(92.3);
    expect(entry.qualityScore.value).toBeGreaterThan(90);
    expect(entry.qualityScore.domelDesc).toMatch(/Completeness/);
    const nature = entry.dataset.metadata.find((item) => item.dimensionCode === '05');
    expect(nature?.domel).toMatchObject({ domelCode: '002', domelDesc: 'Datos sintéticos' });
    expect(entry.dataset.country?.domelDesc).toBe('Estados Unidos');
    expect(entry.licence.name).toMatch(/CC BY 4.0/);
    expect(entry.datasetFamily).toBeNull();
  });

  it('answers a family’s datasets with their included columns', async () => {
    const { token } = await signUpConfirmed(test);
    const id = await seededId(token, 'bank transactions');
    const entry = (await get(token, `/api/dataset/${id}`)).json<TDatasetEntry>();
    expect(entry.datasetFamily?.datasets.map((member) => member.datasetName)).toEqual([
      'Synthetic bank accounts (Berka)',
      'Synthetic bank transactions (Berka)',
    ]);
    const transactions = entry.datasetFamily?.datasets[1];
    expect(transactions?.notIncludeColumns).toEqual([]);
    expect(transactions?.fields.find((field) => field.dsfName === 'account_id')?.dsfReference).toBe(
      'bank-accounts-synthetic.account_id',
    );
  });

  it('shows a team its own unpublished dataset and hides it from another team (404)', async () => {
    const ours = await signUpConfirmed(test);
    const theirs = await signUpConfirmed(test);
    const id = await insertTeamDataset(test.app.deps.db, { teamId: ours.teamId });
    const own = await get(ours.token, `/api/dataset/${id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<TDatasetEntry>()).toMatchObject({ isOwn: true, isPublished: false });
    expectAppError(await get(theirs.token, `/api/dataset/${id}`), 404, 'NOT_FOUND');
    const published = await insertTeamDataset(test.app.deps.db, {
      teamId: ours.teamId,
      isPublished: true,
    });
    expect((await get(theirs.token, `/api/dataset/${published}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await get(token, '/api/dataset/00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    expectAppError(await get(token, '/api/dataset/42'), 400, 'VALIDATION', 'id');
  });
});

describe('deleting datasets and families', () => {
  const remove = (token: string, url: string) =>
    test.app.inject({ method: 'DELETE', url, headers: bearer(token) });

  it('lets the owner delete the team’s dataset, not another team’s nor the platform’s', async () => {
    const ours = await signUpConfirmed(test);
    const theirs = await signUpConfirmed(test);
    const id = await insertTeamDataset(test.app.deps.db, {
      teamId: ours.teamId,
      isPublished: true,
    });
    expectAppError(await remove(theirs.token, `/api/dataset/${id}`), 404, 'NOT_FOUND');
    expect((await get(ours.token, `/api/dataset/${id}`)).statusCode).toBe(200);
    const seeded = (await search(ours.token, 'q=penguins')).items[0]?.datasetId ?? '';
    expectAppError(await remove(ours.token, `/api/dataset/${seeded}`), 404, 'NOT_FOUND');
    expect((await remove(ours.token, `/api/dataset/${id}`)).statusCode).toBe(204);
    expectAppError(await get(ours.token, `/api/dataset/${id}`), 404, 'NOT_FOUND');
    expectAppError(await remove(ours.token, `/api/dataset/${id}`), 404, 'NOT_FOUND');
  });

  it('deletes a family with its datasets for its team only', async () => {
    const ours = await signUpConfirmed(test);
    const theirs = await signUpConfirmed(test);
    const { familyId, datasetIds } = await insertTeamFamilyWithDatasets(
      test.app.deps.db,
      ours.teamId,
    );
    const entry = (
      await get(ours.token, `/api/dataset/${datasetIds[0] ?? ''}`)
    ).json<TDatasetEntry>();
    expect(entry.datasetFamily?.datasets[0]?.notIncludeColumns).toEqual(['quarter']);
    expectAppError(await remove(theirs.token, `/api/dataset/family/${familyId}`), 404, 'NOT_FOUND');
    expect((await remove(ours.token, `/api/dataset/family/${familyId}`)).statusCode).toBe(204);
    for (const id of datasetIds) {
      expectAppError(await get(ours.token, `/api/dataset/${id}`), 404, 'NOT_FOUND');
    }
    expectAppError(await remove(ours.token, `/api/dataset/family/${familyId}`), 404, 'NOT_FOUND');
    expectAppError(await remove(ours.token, '/api/dataset/family/nope'), 400, 'VALIDATION', 'id');
  });

  it('lets a team administrator delete, and refuses a guest (403) without deleting', async () => {
    const owner = await signUpConfirmed(test);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    const admin = await teamMember(test, owner.token, ROLES.ADMIN);
    const id = await insertTeamDataset(test.app.deps.db, { teamId: owner.teamId });
    expect((await get(guest, `/api/dataset/${id}`)).statusCode).toBe(200);
    expect((await remove(guest, `/api/dataset/${id}`)).statusCode).toBe(403);
    expect((await get(owner.token, `/api/dataset/${id}`)).statusCode).toBe(200);
    expect((await remove(admin, `/api/dataset/${id}`)).statusCode).toBe(204);
  });

  it('refuses the platform administrator’s role alone (403): deleting is a team owner’s or admin’s', async () => {
    const admin = await adminSession(test.app);
    const seeded = (await search(admin, 'q=penguins')).items[0]?.datasetId ?? '';
    expect((await remove(admin, `/api/dataset/${seeded}`)).statusCode).toBe(403);
  });
});

describe('seedDataverse', () => {
  it('changes nothing when run again, and keeps an administrator’s new descriptions', async () => {
    const db = test.app.deps.db;
    const tables = [
      dvDimensions,
      dvDimensionElements,
      dvDatasets,
      dvDatasetFields,
      dvDatasetFamilies,
      dvDatasetInstances,
    ];
    const counts = () => Promise.all(tables.map((table) => db.$count(table)));
    const before = await counts();
    const admin = await adminSession(test.app);
    const energy = (await get(admin, '/api/dimension/code/10'))
      .json<TReferenceItem[]>()
      .find((item) => item.domelCode === '004');
    await test.app.inject({
      method: 'PUT',
      url: `/api/domain/${energy?.domelId ?? ''}`,
      headers: bearer(admin),
      payload: { descriptionEn: 'Energy and utilities', descriptionEs: 'Energía y suministros' },
    });
    await seedDataverse(db, test.app.deps.storage);
    const after = await counts();
    expect(after).toEqual(before);
    expect(before[2]).toBe(SEED_DATASETS.length);
    const again = (await get(admin, '/api/dimension/code/10'))
      .json<TReferenceItem[]>()
      .find((item) => item.domelCode === '004');
    expect(again?.domelDesc).toBe('Energy and utilities');
  });
});
