import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildPlan } from '../../../test/fixtures';
import '../i18n/register';
import { PlanFeatures } from './plan-features';

const NUCLEUS_PLAN = buildPlan({
  planRowsLimitMonthly: 50_000,
  planOutputsLimitMonthly: 1,
  planNumRows: 1_000_000,
  planNumColumns: 20,
  planNumTables: 1,
  planNumConcurrentJobs: 1,
});

function items(): string[] {
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('PlanFeatures', () => {
  it('says one in the singular and more in the plural', () => {
    render(<PlanFeatures neuron="Nucleus" plan={NUCLEUS_PLAN} />);
    expect(items()).toEqual([
      '50K rows per month',
      '1 run per month',
      '1M rows per run',
      '20 columns per run',
      '1 dataset per run',
      '1 concurrent job',
    ]);
  });

  it('shows the rows per month first, one row in the singular, and leaves out an unlimited one', () => {
    const { unmount } = render(
      <PlanFeatures neuron="Nucleus" plan={{ ...NUCLEUS_PLAN, planRowsLimitMonthly: 1 }} />,
    );
    expect(items()[0]).toBe('1 row per month');
    unmount();
    render(
      <PlanFeatures neuron="Nucleus" plan={{ ...NUCLEUS_PLAN, planRowsLimitMonthly: null }} />,
    );
    expect(items()[0]).toBe('1 run per month');
  });

  it('does so in Spanish too', async () => {
    await i18n.changeLanguage('es');
    render(<PlanFeatures neuron="Nucleus" plan={NUCLEUS_PLAN} />);
    expect(items()).toEqual([
      '50\u00a0mil filas al mes',
      '1 ejecución al mes',
      '1\u00a0M filas por ejecución',
      '20 columnas por ejecución',
      '1 conjunto de datos por ejecución',
      '1 trabajo simultáneo',
    ]);
  });
});
