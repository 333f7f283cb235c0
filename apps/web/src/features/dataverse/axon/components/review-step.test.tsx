import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../test/render';
import { signIn } from '../../testing/dataverse-fixtures';
import '../i18n/register';
import { buildInstance } from '../testing/axon-fixtures';
import { ReviewStep } from './review-step';

function renderStep(error: string | null = null) {
  signIn();
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = renderRoute({
    path: '/axon/add-data',
    element: (
      <ReviewStep
        instance={buildInstance()}
        isPending={false}
        error={error}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    ),
  });
  return { ...view, onConfirm, onCancel };
}

describe('ReviewStep', { timeout: 30_000 }, () => {
  it('shows each column’s type, unique and missing values, the personal data and the quality', () => {
    renderStep();
    expect(screen.getByText('Rows: 1.200')).toBeVisible();
    expect(screen.getByText('Quality score: 97,5')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Profile of the columns' });
    const email = within(table).getByRole('row', { name: /^email/ });
    expect(within(email).getByRole('combobox', { name: 'Type of email' })).toHaveTextContent(
      'Email address',
    );
    expect(within(email).getAllByText('Email address')).toHaveLength(2);
    expect(within(email).getByRole('checkbox', { name: 'email is sensitive' })).toBeChecked();
    const spend = within(table).getByRole('row', { name: /^spend/ });
    expect(within(spend).getByText('950')).toBeVisible();
    expect(within(spend).getByText('12')).toBeVisible();
  });

  it('confirms with the columns the seller changed: one target, sensitivity', async () => {
    const { user, onConfirm } = renderStep();
    await user.click(screen.getByRole('checkbox', { name: 'spend is sensitive' }));
    await user.click(screen.getByRole('radio', { name: 'email is the target' }));
    await user.click(screen.getByRole('radio', { name: 'spend is the target' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith([{ name: 'spend', isTarget: true, isSensitive: true }]);
  });

  it('sends a column’s new type, and no type for a column whose type stayed', async () => {
    const { user, onConfirm } = renderStep();
    await user.click(screen.getByRole('combobox', { name: 'Type of spend' }));
    await user.click(screen.getByRole('option', { name: 'Integer' }));
    expect(screen.getByRole('combobox', { name: 'Type of spend' })).toHaveTextContent('Integer');
    await user.click(screen.getByRole('checkbox', { name: 'email is sensitive' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith([
      { name: 'email', isTarget: false, isSensitive: false },
      { name: 'spend', isTarget: false, isSensitive: false, type: 'numerical:integer' },
    ]);
  });

  it('cancels only after the seller agrees that the file is removed', async () => {
    const { user, onCancel } = renderStep('The version changed meanwhile.');
    expect(screen.getByText('The version changed meanwhile.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel version' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel version' }),
    );
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
