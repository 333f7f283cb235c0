import { render, screen, within } from '@testing-library/react';
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

function renderPreview(onRoleChange = vi.fn()) {
  render(
    <StatementPreview
      preview={PREVIEW}
      roles={mappingToRoles(PREVIEW.mapping, PREVIEW.columns.length)}
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
});
