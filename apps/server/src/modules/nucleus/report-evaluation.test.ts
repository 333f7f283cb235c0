import type { TReportEvaluation, TRun } from '@app/contracts/nucleus';
import { createRandom } from '@app/engine-kit';
import type { MlEfficacy, Privacy } from '@app/synth';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import {
  confirmedRun,
  finishedRun,
  getJson,
  nucleusTeam,
  startSynthesis,
} from './nucleus-fixtures.js';

const test = useTestApp();

type Report = { mlEfficacy: MlEfficacy | null; privacy: Privacy; evaluation: TReportEvaluation };

const PLANS = ['basic', 'pro', 'team'];

/**
 * Subscribers whose churn follows their tenure and spend (with some noise), so a classifier can
 * learn it; `newsletter`, mostly the team plan's, is a second yes/no column, before `churned`.
 */
function subscribersCsv(rows: number): string {
  const random = createRandom(7);
  const lines = ['id,tenure_months,plan,monthly_spend,newsletter,churned'];
  for (let row = 0; row < rows; row++) {
    const tenure = 1 + Math.floor(random.uniform() * 60);
    const plan = PLANS[Math.floor(random.uniform() * PLANS.length)] ?? 'basic';
    const spend = 10 + Math.round(random.uniform() * 90);
    const newsletter = (plan === 'team') !== random.uniform() < 0.1 ? 'yes' : 'no';
    const isChurned = (tenure < 18 && spend > 40) !== random.uniform() < 0.08;
    lines.push(
      [row + 1, tenure, plan, spend, newsletter, isChurned ? 'yes' : 'no'].map(String).join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function synthesizeSubscribers(session: string, body: Record<string, unknown> = {}) {
  const profile = await confirmedRun(test, session, subscribersCsv(400));
  const queued = await startSynthesis(test, session, {
    runId: profile.runId,
    algorithm: 'bayesian-network',
    numRows: 300,
    seed: 11,
    ...body,
  });
  expect(queued.statusCode, queued.body).toBe(202);
  await test.app.deps.jobs.runDue();
  const run = await getJson<TRun>(test, session, `/api/sinteza/run/${profile.runId}`);
  expect(run.status, run.errorMessage ?? '').toBe('DONE');
  return profile.runId;
}

const readReport = (session: string, runId: string) =>
  getJson<Report>(test, session, `/api/sinteza/run/${runId}/report`);

function expectPlausibleEfficacy(efficacy: MlEfficacy | null, target: string) {
  expect(efficacy?.target).toBe(target);
  expect(efficacy?.realAccuracy).toBeGreaterThan(0.5);
  expect(efficacy?.realAccuracy).toBeLessThanOrEqual(1);
  expect(efficacy?.syntheticAccuracy).toBeGreaterThan(0.3);
  expect(efficacy?.syntheticAccuracy).toBeLessThanOrEqual(1);
  expect(efficacy?.gap).toBeCloseTo(
    (efficacy?.realAccuracy ?? 0) - (efficacy?.syntheticAccuracy ?? 0),
    10,
  );
}

describe('Nucleus report on held-out rows', () => {
  it('holds out a fifth of the rows, picks the last yes/no column and measures ML efficacy and the holdout distance, again for generated rows', async () => {
    const { session } = await nucleusTeam(test);
    const runId = await synthesizeSubscribers(session);
    const report = await readReport(session, runId);
    expect(report.evaluation).toEqual({
      trainingRows: 320,
      holdoutRows: 80,
      holdoutGap: null,
      target: 'churned',
      isTargetChosen: false,
      targetGap: null,
    });
    expectPlausibleEfficacy(report.mlEfficacy, 'churned');
    expect(report.mlEfficacy?.realAccuracy).toBeGreaterThan(0.75);
    const holdout = report.privacy.dcr.holdout;
    expect(holdout?.median).toBeGreaterThanOrEqual(0);
    expect(holdout?.median).toBeLessThan(1);
    expect(report.privacy.holdoutExactCopyShare).not.toBeNull();

    const more = await test.app.inject({
      method: 'POST',
      url: `/api/sinteza/generate?runId=${runId}&numRows=200`,
      headers: bearer(session),
    });
    expect(more.statusCode, more.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const generated = await readReport(session, more.json<TRun>().id);
    expect(generated.evaluation).toEqual(report.evaluation);
    expectPlausibleEfficacy(generated.mlEfficacy, 'churned');
    expect(generated.privacy.dcr.holdout).not.toBeNull();
  });

  it('measures ML efficacy on the target the request chose', async () => {
    const { session } = await nucleusTeam(test);
    const runId = await synthesizeSubscribers(session, { target: 'newsletter' });
    const report = await readReport(session, runId);
    expect(report.evaluation).toMatchObject({ target: 'newsletter', isTargetChosen: true });
    expectPlausibleEfficacy(report.mlEfficacy, 'newsletter');
  });

  it('measures no ML efficacy when the request asks for no target, but still compares the holdout', async () => {
    const { session } = await nucleusTeam(test);
    const runId = await synthesizeSubscribers(session, { target: null });
    const report = await readReport(session, runId);
    expect(report.evaluation).toMatchObject({ target: null, targetGap: 'notChosen' });
    expect(report.mlEfficacy).toBeNull();
    expect(report.privacy.dcr.holdout).not.toBeNull();
  });

  it('refuses a target that is not a kept yes/no column with 400', async () => {
    const { session } = await nucleusTeam(test);
    const profile = await confirmedRun(test, session, subscribersCsv(400));
    const start = (body: Record<string, unknown>) =>
      startSynthesis(test, session, { runId: profile.runId, ...body });
    expectAppError(await start({ target: 'nope' }), 400, 'VALIDATION', 'target');
    expectAppError(
      await start({ target: 'churned', columns: [{ name: 'churned', action: 'drop' }] }),
      400,
      'VALIDATION',
      'target',
    );
    expectAppError(await start({ target: 'id', primaryKey: 'id' }), 400, 'VALIDATION', 'target');
    const threeValues = await start({ target: 'plan' });
    expectAppError(threeValues, 400, 'VALIDATION', 'target');
    expect(threeValues.json<{ error: { fields: object } }>().error.fields).toEqual({
      target: 'nucleus.synthesize.targetNotBinary',
    });
    expectAppError(await start({ target: '' }), 400, 'VALIDATION', 'target');
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${profile.runId}`);
    expect(run.status).toBe('DRAFT');
  });

  it('keeps no rows back from a table under 200 rows and says so', async () => {
    const { session } = await nucleusTeam(test);
    const run = await finishedRun(test, session);
    const report = await readReport(session, run.id);
    expect(report.evaluation).toMatchObject({
      trainingRows: 120,
      holdoutRows: 0,
      holdoutGap: 'fewRows',
    });
    expect(report.mlEfficacy).toBeNull();
    expect(report.privacy.dcr.holdout).toBeNull();
  });
});
