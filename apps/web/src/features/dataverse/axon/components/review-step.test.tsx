import {
  fireEvent,
  screen,
  waitFor,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-error';
import { renderRoute } from '../../../../test/render';
import { signIn } from '../../testing/dataverse-fixtures';
import '../i18n/register';
import { buildInstance } from '../testing/axon-fixtures';
import { ReviewStep } from './review-step';

function renderStep(options: { cancelError?: string; confirm?: () => Promise<unknown> } = {}) {
  signIn();
  const onConfirm = vi.fn(options.confirm ?? (() => Promise.resolve()));
  const onCancel = vi.fn();
  const view = renderRoute({
    path: '/axon/add-data',
    element: (
      <ReviewStep
        instance={buildInstance()}
        onConfirm={onConfirm}
        isCancelling={false}
        cancelError={options.cancelError ?? null}
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
    expect(within(email).getByRole('combobox', { name: 'Type of email' })).toHaveDisplayValue(
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
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of spend' }), 'Integer');
    expect(screen.getByRole('combobox', { name: 'Type of spend' })).toHaveDisplayValue('Integer');
    await user.click(screen.getByRole('checkbox', { name: 'email is sensitive' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith([
      { name: 'email', isTarget: false, isSensitive: false },
      { name: 'spend', isTarget: false, isSensitive: false, type: 'numerical:integer' },
    ]);
  });

  it('confirms once when submitted twice before the answer, Cancel waiting meanwhile', async () => {
    let answer: () => void = () => undefined;
    const { onConfirm } = renderStep({
      confirm: () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    });
    const form = screen.getByRole('form', { name: 'Review' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Cancel version' })).toBeDisabled();
    });
    answer();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Cancel version' })).toBeEnabled();
    });
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows a refused confirm in the loader’s words, and can be confirmed again', async () => {
    const refusal = new ApiError({ status: 409, code: 'CONFLICT', message: 'version moved on' });
    const { user, onConfirm } = renderStep({ confirm: () => Promise.reject(refusal) });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A version of this dataset is already being loaded, or it changed meanwhile',
    );
    expect(screen.queryByText('version moved on')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('cancels only after the seller agrees that the file is removed', async () => {
    const { user, onCancel } = renderStep({ cancelError: 'The version changed meanwhile.' });
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
