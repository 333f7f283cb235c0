import { describe, expect, it } from 'vitest';
import { buildSubscription } from '../../../test/fixtures';
import {
  canCancel,
  canPay,
  canReactivate,
  getDateLabel,
  getIntentProblem,
  isSettling,
  liveSubscription,
  showsPaymentMethod,
} from './subscription-rules';

const intent = (status: string) => ({
  status,
  clientSecret: 'secret',
  paymentMethodId: 'pm_visa',
  nextActionUrl: null,
  lastError: null,
});

describe('subscription rules', () => {
  it('labels the date as the spec says', () => {
    const end = '2026-04-05T12:00:00.000Z';
    expect(getDateLabel(buildSubscription())).toEqual({ kind: 'nextPayment', date: end });
    expect(getDateLabel(buildSubscription({ cancelAtPeriodEnd: true }))).toEqual({
      kind: 'endDate',
      date: end,
    });
    expect(
      getDateLabel(
        buildSubscription({ status: 'CANCELED', canceledAt: '2026-03-20T12:00:00.000Z' }),
      ),
    ).toEqual({ kind: 'cancelDate', date: '2026-03-20T12:00:00.000Z' });
    // An unpaid subscription lasts its start date plus one day.
    expect(getDateLabel(buildSubscription({ status: 'INCOMPLETE' }))).toEqual({
      kind: 'endDate',
      date: '2026-03-06T12:00:00.000Z',
    });
    expect(getDateLabel(buildSubscription({ status: 'PENDING' }))).toBeNull();
    expect(getDateLabel(buildSubscription({ status: 'INCOMPLETE_EXPIRED' }))).toBeNull();
    expect(getDateLabel(buildSubscription({ status: 'PROCESSING' }))).toEqual({
      kind: 'endDate',
      date: end,
    });
  });

  it('offers cancel, reactivate and pay by status', () => {
    expect(canCancel(buildSubscription())).toBe(true);
    expect(canCancel(buildSubscription({ status: 'INCOMPLETE' }))).toBe(true);
    expect(canCancel(buildSubscription({ cancelAtPeriodEnd: true }))).toBe(false);
    expect(canCancel(buildSubscription({ status: 'PENDING' }))).toBe(false);
    expect(canReactivate(buildSubscription({ cancelAtPeriodEnd: true }))).toBe(true);
    expect(canReactivate(buildSubscription())).toBe(false);
    expect(canPay(buildSubscription({ status: 'INCOMPLETE' }))).toBe(true);
    expect(canPay(buildSubscription({ status: 'PENDING' }))).toBe(true);
    expect(canPay(buildSubscription())).toBe(false);
  });

  it('shows the payment method for ACTIVE-not-cancelling or INCOMPLETE only', () => {
    expect(showsPaymentMethod(buildSubscription())).toBe(true);
    expect(showsPaymentMethod(buildSubscription({ status: 'INCOMPLETE' }))).toBe(true);
    expect(showsPaymentMethod(buildSubscription({ cancelAtPeriodEnd: true }))).toBe(false);
    expect(showsPaymentMethod(buildSubscription({ status: 'PENDING' }))).toBe(false);
  });

  it("reads an incomplete subscription's payment intent", () => {
    const incomplete = (status: string) =>
      buildSubscription({ status: 'INCOMPLETE', paymentIntent: intent(status) });
    expect(getIntentProblem(incomplete('requires_action'))).toBe('authenticationFailed');
    expect(getIntentProblem(incomplete('requires_payment_method'))).toBe('paymentFailed');
    expect(getIntentProblem(buildSubscription({ paymentIntent: intent('requires_action') }))).toBe(
      null,
    );
  });

  it('treats ended subscriptions as none', () => {
    expect(liveSubscription(buildSubscription({ status: 'CANCELED' }))).toBeNull();
    expect(liveSubscription(buildSubscription({ status: 'INCOMPLETE_EXPIRED' }))).toBeNull();
    expect(liveSubscription(buildSubscription({ status: 'PENDING' }))).not.toBeNull();
  });

  it('asks again while a payment settles (SEPA processing, an accepted 3-D Secure answer)', () => {
    expect(isSettling(buildSubscription({ status: 'PROCESSING' }))).toBe(true);
    expect(
      isSettling(buildSubscription({ status: 'INCOMPLETE', paymentIntent: intent('succeeded') })),
    ).toBe(true);
    expect(
      isSettling(
        buildSubscription({ status: 'INCOMPLETE', paymentIntent: intent('requires_action') }),
      ),
    ).toBe(false);
    expect(isSettling(buildSubscription())).toBe(false);
    expect(isSettling(null)).toBe(false);
  });
});
