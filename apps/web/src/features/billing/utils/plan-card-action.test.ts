import { describe, expect, it } from 'vitest';
import { buildPlan, buildSubscription } from '../../../test/fixtures';
import { annualSavingCents, getPlanCardAction } from './plan-card-action';

const STARTER = buildPlan();
const PRO = buildPlan({ planId: 'plan-pro', planCode: 'PRO', planName: 'Pro', planRank: 2 });
const FREE = buildPlan({
  planId: 'plan-free',
  planCode: 'FREE',
  planName: 'Free Forever',
  planRank: 0,
  isFree: true,
  planPriceMonthly: null,
  planPriceYearly: null,
  planPriceIdMonthly: null,
  planPriceIdYearly: null,
});
const ENTERPRISE = buildPlan({ planCode: 'ENTERPRISE', planRank: 9, isEnterprise: true });

describe('getPlanCardAction', () => {
  const on = (
    plan = STARTER,
    subscription = buildSubscription(),
    interval: 'MONTH' | 'YEAR' = 'MONTH',
  ) => getPlanCardAction({ plan, interval, subscription, currentPlan: STARTER });

  it('offers SUBSCRIBE, Start Now and Contact us without a subscription', () => {
    const none = { interval: 'MONTH' as const, subscription: null, currentPlan: null };
    expect(getPlanCardAction({ plan: STARTER, ...none })).toEqual({ kind: 'subscribe' });
    expect(getPlanCardAction({ plan: FREE, ...none })).toEqual({ kind: 'startFree' });
    expect(getPlanCardAction({ plan: ENTERPRISE, ...none })).toEqual({ kind: 'contactUs' });
  });

  it('asks to pay a PENDING or INCOMPLETE subscription on its plan', () => {
    expect(on(STARTER, buildSubscription({ status: 'PENDING' }))).toEqual({ kind: 'pendingToPay' });
    expect(on(STARTER, buildSubscription({ status: 'INCOMPLETE' }))).toEqual({
      kind: 'completePayment',
    });
    expect(on(STARTER, buildSubscription({ status: 'PROCESSING' }))).toEqual({
      kind: 'processing',
    });
  });

  it('disables the current plan, with the end date when it is cancelling', () => {
    expect(on()).toEqual({ kind: 'current', cancelAt: null });
    expect(on(STARTER, buildSubscription({ cancelAtPeriodEnd: true }))).toEqual({
      kind: 'current',
      cancelAt: '2026-04-05T12:00:00.000Z',
    });
  });

  it('offers upgrade or change plan by plan rank', () => {
    expect(on(PRO)).toEqual({ kind: 'change', label: 'upgrade' });
    expect(
      getPlanCardAction({
        plan: STARTER,
        interval: 'MONTH',
        subscription: buildSubscription({ planCode: 'PRO' }),
        currentPlan: PRO,
      }),
    ).toEqual({ kind: 'change', label: 'changePlan' });
  });

  it('labels the same plan in the other interval as upgrade (annual) or downgrade (monthly)', () => {
    expect(on(STARTER, buildSubscription(), 'YEAR')).toEqual({ kind: 'change', label: 'upgrade' });
    expect(on(STARTER, buildSubscription({ interval: 'YEAR' }), 'MONTH')).toEqual({
      kind: 'change',
      label: 'downgrade',
    });
  });

  it('sends a discounted subscription to contact us for any change', () => {
    const discounted = buildSubscription({ discount: { amountOff: null, percentOff: 30 } });
    expect(on(PRO, discounted)).toEqual({ kind: 'contactUs' });
    expect(on(STARTER, discounted, 'YEAR')).toEqual({ kind: 'contactUs' });
  });

  it('computes the annual saving as 12 × monthly − annual', () => {
    expect(annualSavingCents(STARTER)).toBe(4900 * 12 - 47040);
    expect(annualSavingCents(FREE)).toBeNull();
  });

  it('shows the plan a downgrade is scheduled to as starting on its date', () => {
    const subscription = buildSubscription({
      planCode: 'PRO',
      scheduledChange: {
        planCode: 'STARTER',
        planName: 'Starter',
        priceId: 'price_legalmind_starter_month',
        startsAt: '2026-04-05T12:00:00.000Z',
      },
    });
    expect(
      getPlanCardAction({ plan: STARTER, interval: 'MONTH', subscription, currentPlan: PRO }),
    ).toEqual({ kind: 'scheduled', startsAt: '2026-04-05T12:00:00.000Z' });
    expect(
      getPlanCardAction({ plan: STARTER, interval: 'YEAR', subscription, currentPlan: PRO }),
    ).toEqual({ kind: 'change', label: 'changePlan' });
  });
});
