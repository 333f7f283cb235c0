import type { TDataProfile, TRun, TUploadUrlResponse } from '@app/contracts/nucleus';
import { expect } from 'vitest';
import { bearer, signUpConfirmed, type TestApp } from '../../test/test-app.js';

const CITIES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao'];
const NAMES = ['Ana', 'Luis', 'Marta', 'Pablo', 'Lucía', 'Jorge', 'Elena', 'Raúl'];

/** A small customers table: a key, a name, an email, numbers, a category and a date. */
export function customersCsv(rows = 120, options: { extraColumns?: number } = {}): string {
  const extra = Array.from(
    { length: options.extraColumns ?? 0 },
    (_, index) => `x${String(index)}`,
  );
  const header = ['id', 'name', 'email', 'age', 'city', 'signup_date', 'spend', ...extra];
  const lines = [header.join(',')];
  for (let row = 0; row < rows; row++) {
    const name = NAMES[row % NAMES.length] ?? 'Ana';
    const age = 20 + ((row * 7) % 50);
    const day = String(1 + (row % 28)).padStart(2, '0');
    lines.push(
      [
        String(1000 + row),
        name,
        `${name.toLowerCase()}.${String(row)}@example.org`,
        String(age),
        CITIES[(row * 3) % CITIES.length] ?? 'Madrid',
        `2025-${String(1 + (row % 12)).padStart(2, '0')}-${day}`,
        (age * 12.5 + (row % 9)).toFixed(2),
        ...extra.map((_, index) => String((row + index) % 4)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A new team on the Nucleus free plan (10,000 rows, 20 columns, 10 runs a month, 1 job). */
export async function nucleusTeam(test: TestApp): Promise<{ session: string; teamId: string }> {
  const user = await signUpConfirmed(test);
  const free = await test.app.inject({
    method: 'POST',
    url: '/api/microservice/free/Nucleus',
    headers: bearer(user.token),
  });
  expect(free.statusCode, free.body).toBeLessThan(300);
  return { session: user.token, teamId: user.teamId };
}

/** A draft run and its signed upload address, with `body` PUT there. */
export async function uploadFile(
  test: TestApp,
  session: string,
  options: { fileName?: string; body: string | Buffer },
): Promise<TUploadUrlResponse> {
  const created = await test.app.inject({
    method: 'POST',
    url: `/api/sinteza/run/url?fileName=${encodeURIComponent(options.fileName ?? 'customers.csv')}`,
    headers: bearer(session),
  });
  expect(created.statusCode, created.body).toBe(201);
  const upload = created.json<TUploadUrlResponse>();
  const put = await test.app.inject({
    method: 'PUT',
    url: upload.signedUrl,
    headers: { 'content-type': 'text/csv' },
    payload: options.body,
  });
  expect(put.statusCode, put.body).toBe(204);
  return upload;
}

/** An uploaded and confirmed CSV: the run id and its profile. */
export async function confirmedRun(
  test: TestApp,
  session: string,
  csv = customersCsv(),
): Promise<TDataProfile> {
  const { runId } = await uploadFile(test, session, { body: csv });
  const confirm = await test.app.inject({
    method: 'PUT',
    url: `/api/sinteza/run/${runId}/url/confirm`,
    headers: bearer(session),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json<TDataProfile>();
}

export async function startSynthesis(
  test: TestApp,
  session: string,
  body: Record<string, unknown>,
) {
  return test.app.inject({
    method: 'POST',
    url: '/api/sinteza/synthesize',
    headers: bearer(session),
    payload: { algorithm: 'gaussian-copula', ...body },
  });
}

/** A run synthesized by its job to DONE. */
export async function finishedRun(test: TestApp, session: string): Promise<TRun> {
  const profile = await confirmedRun(test, session);
  const queued = await startSynthesis(test, session, { runId: profile.runId, numRows: 80 });
  expect(queued.statusCode, queued.body).toBe(202);
  await test.app.deps.jobs.runDue();
  const run = await getJson<TRun>(test, session, `/api/sinteza/run/${profile.runId}`);
  expect(run.status, run.errorMessage ?? '').toBe('DONE');
  return run;
}

export async function getJson<T>(test: TestApp, session: string, url: string): Promise<T> {
  const response = await test.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
