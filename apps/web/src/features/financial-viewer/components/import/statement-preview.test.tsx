import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n';
import '../../i18n/register';
import { buildPreview } from '../../testing/viewer-fixtures';
import { mappingToRoles } from '../../utils/column-mapping';
import { StatementPreview } from './statement-preview';

/** A payment-service export: a gross amount with its fee beside it. */
const PREVIEW = buildPreview({
  columns: [
    ...buildPreview().columns.slice(0, 2),
    { index: 2, header: 'Gross', role: 'amount', confidence: 0.9 },
    { index: 3, header: 'Fee', role: 'fee', confidence: 0.8 },
  ],
  mapping: { headerRow: 1, operationDate: 0, description: [1], amount: 2, fee: 3 },
  rows: [
    ['Date', 'Concept', 'Gross', 'Fee'],
    ['01/11/2026', 'Sale', '100,00', '-2,90'],
  ],
});

function renderPreview(onRoleChange = vi.fn(), preview = PREVIEW) {
  render(
    <StatementPreview
      preview={preview}
      roles={mappingToRoles(preview.mapping, preview.columns.length)}
      onRoleChange={onRoleChange}
      isUpdating={false}
    />,
  );
  return within(screen.getByRole('table', { name: /./ }));
}

describe('StatementPreview', () => {
  it('shows a detected fee column and offers Fee for every column', () => {
    const onRoleChange = vi.fn();
    const table = renderPreview(onRoleChange);
    const fee = table.getByRole('combobox', { name: 'What column Fee holds' });
    expect(fee).toHaveValue('fee');
    expect(within(fee).getByRole('option', { selected: true })).toHaveTextContent('Fee');
    const concept = table.getByRole('combobox', { name: 'What column Concept holds' });
    expect(within(concept).getByRole('option', { name: 'Fee' })).toBeInTheDocument();
  });

  it('names the fee in Spanish', async () => {
    await changeLanguage('es');
    const table = renderPreview();
    const selects = table.getAllByRole('combobox');
    expect(selects[3]).toHaveValue('fee');
    expect(within(selects[3]!).getByRole('option', { selected: true })).toHaveTextContent(
      'Comisión',
    );
  });

  it('pages the rows of the file 20 at a time (spec §9)', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 45 }, (_, index) => [
      '01/11/2026',
      `Movement ${String(index + 1)}`,
      '1,00',
      '2,00',
    ]);
    const table = renderPreview(
      vi.fn(),
      buildPreview({ rows: [['Date', 'Concept', 'A', 'B'], ...rows] }),
    );
    expect(table.getAllByRole('row')).toHaveLength(2 + 20);
    expect(table.getByText('Movement 20')).toBeInTheDocument();
    expect(table.queryByText('Movement 21')).toBeNull();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(table.getByText('Movement 21')).toBeInTheDocument();
    expect(table.getByText('Movement 40')).toBeInTheDocument();
    expect(table.queryByText('Movement 41')).toBeNull();
  });

  it('groups the counts in Spanish format', () => {
    renderPreview(vi.fn(), buildPreview({ transactionCount: 12_345, errorCount: 1_234 }));
    expect(screen.getByText('12.345')).toBeInTheDocument();
    expect(screen.getByText('Rows that could not be read: 1.234')).toBeInTheDocument();
  });
});
