import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './i18n/register';
import { PaymentResultDialog, RESULT_DIALOG_MS, type PaymentResult } from './payment-result-dialog';

function renderResult(result: PaymentResult) {
  const onClose = vi.fn();
  render(<PaymentResultDialog result={result} onClose={onClose} />);
  return onClose;
}

describe('PaymentResultDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on from a success after 3000 ms', () => {
    vi.useFakeTimers();
    const onClose = renderResult({ kind: 'success' });
    expect(screen.getByText('Your payment was successful!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(RESULT_DIALOG_MS - 1);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(RESULT_DIALOG_MS).toBe(3000);
  });

  it('keeps an error open until the user closes it', () => {
    vi.useFakeTimers();
    const onClose = renderResult({ kind: 'failed' });
    expect(
      screen.getByText(
        'There was an error processing your payment. Choose another payment method.',
      ),
    ).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
