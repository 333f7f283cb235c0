import type {
  TCurrentPlanResponse,
  TSubscribeResponse,
  TSubscription,
} from '@app/contracts/billing';
import type { TPlan } from '@app/contracts/catalogue';
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { createFakeStripe } from '../../../test/fake-stripe';
import {
  buildBillingInfo,
  buildPaymentMethod,
  buildPlan,
  buildSubscription,
  buildUser,
} from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { PlansPage } from './plans-page';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const FREE = buildPlan({
  planId: 'plan-free',
  planCode: 'FREE',
  planName: 'Free Forever',
  planDesc: 'Try it.',
  planRank: 0,
  isFree: true,
  planPriceMonthly: null,
  planPriceYearly: null,
  planPriceIdMonthly: null,
  planPriceIdYearly: null,
  planCallsLimitMonthly: 100,
  planMaxDocumentCharacters: 100_000,
});
const STARTER = buildPlan();
const PRO = buildPlan({
  planId: 'plan-pro',
  planCode: 'PRO',
  planName: 'Professional',
  planRank: 2,
  planPriceMonthly: 14900,
  planPriceYearly: 143040,
  planPriceIdMonthly: 'price_legalmind_pro_month',
  planPriceIdYearly: 'price_legalmind_pro_year',
  planCallsLimitMonthly: 100_000,
  planMaxDocumentCharacters: 1_000_000,
});
const ENTERPRISE = buildPlan({
  planId: 'plan-enterprise',
  planCode: 'ENTERPRISE',
  planName: 'Enterprise',
  planRank: 9,
  isEnterprise: true,
  planPriceMonthly: null,
  planPriceYearly: null,
  planPriceIdMonthly: null,
  planPriceIdYearly: null,
  planCallsLimitMonthly: null,
});
const NEURON = {
  id: 'LegalMind',
  name: 'LegalMind',
  description: 'Anonymize legal texts.',
  imageUrl: '',
  path: '/neurons/LegalMind',
  microserviceUrl: 'http://localhost/v1/legalmind',
};
const BILLING = buildBillingInfo();
const NONE: TCurrentPlanResponse = { currentPlan: null, currentSubscription: null };

function current(subscription: TSubscription, plan: TPlan = STARTER): TCurrentPlanResponse {
  return { currentPlan: plan, currentSubscription: subscription };
}

function subscribed(overrides: Partial<TSubscribeResponse> = {}): TSubscribeResponse {
  return {
    subscription: buildSubscription(),
    clientSecret: 'pi_secret',
    paymentStatus: 'succeeded',
    ...overrides,
  };
}

function renderPlans(currentPlan: TCurrentPlanResponse = NONE, routes: Routes = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/info/LegalMind': { body: NEURON },
    'GET /api/availableplans/LegalMind': { body: [ENTERPRISE, PRO, STARTER, FREE] },
    'GET /api/currentplan/LegalMind': { body: currentPlan },
    'GET /api/payments/payment_methods': { body: [buildPaymentMethod()] },
    'GET /api/payments/config': {
      body: { gateway: 'sandbox', publishableKey: null, vatRate: 21 },
    },
    'GET /api/user/billing': { body: BILLING },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/:neuron/plans',
      element: <PlansPage />,
      initialEntry: '/neurons/LegalMind/plans',
    }),
  };
}

function planCard(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

const text = (value: string) => value.replace(/\s/g, ' ');

async function openCheckout(user: ReturnType<typeof renderPlans>['user'], plan = 'Starter') {
  await screen.findByRole('heading', { name: 'LegalMind plans' });
  await user.click(within(planCard(plan)).getByRole('button', { name: 'SUBSCRIBE' }));
  const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
  await within(dialog).findByText('Calle Mayor 1');
  return dialog;
}

describe('PlansPage', () => {
  it('shows the plans by rank with monthly prices, compact limits and their buttons', async () => {
    renderPlans();
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    const names = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(names).toEqual(['Free Forever', 'Starter', 'Professional', 'Enterprise']);
    expect(text(planCard('Starter').textContent)).toContain('49,00 € /month');
    expect(within(planCard('Starter')).getByText('10K API calls per month')).toBeInTheDocument();
    expect(
      within(planCard('Professional')).getByText('100K API calls per month'),
    ).toBeInTheDocument();
    expect(
      within(planCard('Free Forever')).getByText('Documents of up to 100K characters'),
    ).toBeInTheDocument();
    expect(
      within(planCard('Professional')).getByText('Documents of up to 1M characters'),
    ).toBeInTheDocument();
    expect(
      within(planCard('Free Forever')).getByRole('button', { name: 'Start Now' }),
    ).toBeEnabled();
    expect(
      within(planCard('Enterprise')).getByRole('button', { name: 'Contact us' }),
    ).toBeEnabled();
  });

  it('shows annual prices per month with the saving', async () => {
    const { user } = renderPlans();
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(screen.getByRole('button', { name: 'Annual (save 20%)' }));
    const starter = text(planCard('Starter').textContent);
    // 470,40 € a year is 39,20 € a month; 12 × 49 − 470,40 = 117,60 € saved.
    expect(starter).toContain('39,20 € /month');
    expect(starter).toContain('470,40 € billed annually');
    expect(starter).toContain('you save 117,60 €');
  });

  it('offers no Free Forever card for FinancialViewer', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    stubFetch({
      'GET /api/info/FinancialViewer': {
        body: { ...NEURON, id: 'FinancialViewer', name: 'Financial Viewer' },
      },
      'GET /api/availableplans/FinancialViewer': { body: [FREE, STARTER] },
      'GET /api/currentplan/FinancialViewer': { body: NONE },
    });
    renderRoute({
      path: '/neurons/:neuron/plans',
      element: <PlansPage />,
      initialEntry: '/neurons/FinancialViewer/plans',
    });
    await screen.findByRole('heading', { name: 'Financial Viewer plans' });
    expect(screen.queryByRole('article', { name: 'Free Forever' })).toBeNull();
    expect(within(planCard('Starter')).getByText('10K API calls per month')).toBeInTheDocument();
  });

  it('sends Contact us to the support page', async () => {
    const { user } = renderPlans();
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Enterprise')).getByRole('button', { name: 'Contact us' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account/support');
  });

  it.each([
    ['PENDING', 'PENDING TO PAY'],
    ['INCOMPLETE', 'COMPLETE PAYMENT'],
  ] as const)('shows a %s subscription as "%s" on its plan', async (status, label) => {
    renderPlans(current(buildSubscription({ status })));
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    expect(within(planCard('Starter')).getByRole('button', { name: label })).toBeEnabled();
  });

  it('treats canceled and expired subscriptions as none', async () => {
    renderPlans(current(buildSubscription({ status: 'INCOMPLETE_EXPIRED' })));
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    expect(within(planCard('Starter')).getByRole('button', { name: 'SUBSCRIBE' })).toBeEnabled();
  });

  it('disables the current plan and offers upgrade, with the cancel alert and Reactivate', async () => {
    const { user, spy } = renderPlans(current(buildSubscription({ cancelAtPeriodEnd: true })), {
      'POST /api/user/subscription/reactivate/sub-1': { body: buildSubscription() },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    expect(
      within(planCard('Starter')).getByRole('button', { name: 'CURRENT PLAN' }),
    ).toBeDisabled();
    expect(
      within(planCard('Starter')).getByText(/Your subscription ends on 05-04-2026\./),
    ).toBeInTheDocument();
    expect(within(planCard('Professional')).getByRole('button', { name: 'UPGRADE' })).toBeEnabled();
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => {
      expect(recordedCalls(spy).some((c) => c.path.endsWith('/reactivate/sub-1'))).toBe(true);
    });
  });

  it('starts the toggle at the interval the team pays', async () => {
    renderPlans(current(buildSubscription({ interval: 'YEAR' })));
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    expect(screen.getByRole('button', { name: 'Annual (save 20%)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(planCard('Starter')).getByRole('button', { name: 'CURRENT PLAN' }),
    ).toBeDisabled();
  });

  it('labels the same plan in the annual interval as an upgrade', async () => {
    const { user } = renderPlans(current(buildSubscription()));
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(screen.getByRole('button', { name: 'Annual (save 20%)' }));
    expect(within(planCard('Starter')).getByRole('button', { name: 'UPGRADE' })).toBeEnabled();
  });

  it('sends a discounted subscription to contact us for a change', async () => {
    renderPlans(current(buildSubscription({ discount: { amountOff: 1000, percentOff: null } })));
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    expect(
      within(planCard('Professional')).getByRole('button', { name: 'Contact us' }),
    ).toBeEnabled();
  });

  it('shows what is charged now and from when before changing plan with a PUT', async () => {
    const { user, spy } = renderPlans(current(buildSubscription()), {
      'POST /api/microservice/subscribe/LegalMind/preview': {
        body: {
          change: 'UPGRADE',
          chargeNow: { subtotal: 5000, tax: 1050, total: 6050 },
          newPriceCents: 14900,
          interval: 'MONTH',
          appliesFrom: '2026-03-20T12:00:00.000Z',
        },
      },
      'PUT /api/microservice/subscribe/LegalMind': {
        body: subscribed({ subscription: buildSubscription({ planCode: 'PRO' }) }),
      },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Professional')).getByRole('button', { name: 'UPGRADE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade plan' });
    const summary = await within(dialog).findByRole('region', { name: 'What changes' });
    expect(summary).toHaveTextContent(/Charged now: 60,50\s€ \(VAT included\)/);
    expect(summary).toHaveTextContent(/149,00\s€ a month \(plus VAT\) applies from 20-03-2026/);
    expect(recordedCalls(spy).find((c) => c.path.endsWith('/preview'))?.json).toEqual({
      priceId: 'price_legalmind_pro_month',
      planCode: 'PRO',
      internalId: 'sub-1',
    });
    await user.click(within(dialog).getByRole('button', { name: 'CHANGE PLAN' }));
    expect(await screen.findByText('Plan changed successfully')).toBeInTheDocument();
    const call = recordedCalls(spy).find((c) => c.method === 'PUT');
    expect(call?.json).toEqual({
      priceId: 'price_legalmind_pro_month',
      planCode: 'PRO',
      paymentId: 'pm_visa',
      internalId: 'sub-1',
    });
  });

  it('activates the free plan, or says why it cannot', async () => {
    const { user } = renderPlans(NONE, {
      'POST /api/microservice/free/LegalMind': {
        status: 422,
        body: errorBody('BUSINESS_RULE', 'The server’s English', undefined, 'FREE_AFTER_PAID'),
      },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Free Forever')).getByRole('button', { name: 'Start Now' }));
    expect(
      await screen.findByText('You cannot use a free plan after have had a paid subscription'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The server’s English')).toBeNull();
  });

  it('shows the generic free-plan error when activation fails otherwise', async () => {
    const { user } = renderPlans(NONE, {
      'POST /api/microservice/free/LegalMind': { status: 500, body: errorBody('INTERNAL') },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Free Forever')).getByRole('button', { name: 'Start Now' }));
    expect(
      await screen.findByText(
        'There was an error activating your free plan. Try again in a while.',
      ),
    ).toBeInTheDocument();
  });

  it('confirms an activated free plan', async () => {
    const { user, spy } = renderPlans(NONE, {
      'POST /api/microservice/free/LegalMind': {
        status: 201,
        body: buildSubscription({ planCode: 'FREE', interval: null, priceId: null }),
      },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Free Forever')).getByRole('button', { name: 'Start Now' }));
    expect(await screen.findByText('Your free plan is active.')).toBeInTheDocument();
    expect(recordedCalls(spy).some((c) => c.path === '/api/microservice/free/LegalMind')).toBe(
      true,
    );
  });
});

describe('Payment process dialog', () => {
  it('shows the order, billing details, payment method and totals with 21 % VAT', async () => {
    const { user } = renderPlans();
    const dialog = await openCheckout(user);
    expect(within(dialog).getByText('Starter · Monthly')).toBeInTheDocument();
    expect(within(dialog).getByText('•••• 4242')).toBeInTheDocument();
    const totals = within(dialog).getByRole('group', { name: 'Totals' });
    const totalsText = text(totals.textContent);
    expect(totalsText).toContain('Subtotal49,00 €');
    expect(totalsText).toContain('VAT 21 %10,29 €');
    expect(totalsText).toContain('Total59,29 €');
  });

  it('charges the tax the server invoices the billing details with: none for an EU business', async () => {
    const { user } = renderPlans(NONE, {
      'GET /api/user/billing': {
        body: {
          ...BILLING,
          nif: 'DE123456789',
          country: 'DE',
          tax: { treatment: 'reverse_charge', rate: 0 },
        },
      },
    });
    const dialog = await openCheckout(user);
    const totals = text(within(dialog).getByRole('group', { name: 'Totals' }).textContent);
    expect(totals).toContain('VAT 0 %0,00 €');
    expect(totals).toContain('Total49,00 €');
    expect(totals).toContain('reverse charge');
  });

  it('disables PROCEED TO PAYMENT while a billing field is missing', async () => {
    const { user } = renderPlans(NONE, {
      'GET /api/user/billing': { body: { ...BILLING, nif: '' } },
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'SUBSCRIBE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    expect(
      await within(dialog).findByText('Complete your billing details to continue.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' })).toBeDisabled();
  });

  it('disables PROCEED TO PAYMENT without a payment method', async () => {
    const { user } = renderPlans(NONE, { 'GET /api/payments/payment_methods': { body: [] } });
    const dialog = await openCheckout(user);
    expect(await within(dialog).findByText('You have no payment methods yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' })).toBeDisabled();
  });

  it('applies a coupon, locks it, discounts the totals and sends the code', async () => {
    const { user, spy } = renderPlans(NONE, {
      'POST /api/user/promotion_codes/WELCOME20': {
        body: { id: 'promo_1', code: 'WELCOME20', coupon: { amountOff: null, percentOff: 20 } },
      },
      'POST /api/microservice/subscribe/LegalMind': { status: 201, body: subscribed() },
    });
    const dialog = await openCheckout(user);
    const field = within(dialog).getByLabelText('Coupon code');
    expect(field).toHaveAttribute('maxLength', '64');
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(field, 'WELCOME20');
    await user.click(apply);
    expect(await within(dialog).findByText('Discount applied: 20 %')).toBeInTheDocument();
    expect(field).toBeDisabled();
    const couponCall = recordedCalls(spy).find((c) => c.path.startsWith('/api/user/promotion'));
    expect(couponCall?.json).toEqual({ priceId: 'price_legalmind_starter_month' });
    const totalsText = text(within(dialog).getByRole('group', { name: 'Totals' }).textContent);
    // 49,00 − 9,80 = 39,20; VAT 8,23; total 47,43.
    expect(totalsText).toContain('Discount−9,80 €');
    expect(totalsText).toContain('VAT 21 %8,23 €');
    expect(totalsText).toContain('Total47,43 €');

    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));
    expect(await screen.findByText('Your payment was successful!')).toBeInTheDocument();
    const subscribe = recordedCalls(spy).find((c) => c.path.endsWith('/subscribe/LegalMind'));
    expect(subscribe?.json).toEqual({
      priceId: 'price_legalmind_starter_month',
      planCode: 'STARTER',
      paymentId: 'pm_visa',
      promotionCode: 'WELCOME20',
    });
  });

  it('says "Invalid code" and lets Delete remove an applied coupon', async () => {
    let calls = 0;
    const { user } = renderPlans(NONE, {
      'POST /api/user/promotion_codes/NOPE': {
        status: 404,
        body: errorBody('NOT_FOUND', 'Invalid code'),
      },
      'POST /api/user/promotion_codes/TENOFF': () => {
        calls += 1;
        return { body: { id: 'p', code: 'TENOFF', coupon: { amountOff: 1000, percentOff: null } } };
      },
    });
    const dialog = await openCheckout(user);
    const field = within(dialog).getByLabelText('Coupon code');
    await user.type(field, 'NOPE');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Invalid code')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'TENOFF');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Discount applied: 10,00 €')).toBeInTheDocument();
    expect(calls).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByLabelText('Coupon code')).toBeEnabled();
    expect(within(dialog).getByLabelText('Coupon code')).toHaveValue('');
    expect(within(dialog).queryByText(/Discount applied/)).toBeNull();
  });

  it('says the payment is being processed', async () => {
    const { user } = renderPlans(NONE, {
      'POST /api/microservice/subscribe/LegalMind': {
        status: 201,
        body: subscribed({
          paymentStatus: 'processing',
          subscription: buildSubscription({ status: 'PROCESSING' }),
        }),
      },
    });
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));
    expect(await screen.findByText('Your payment is being proccessed.')).toBeInTheDocument();
  });

  it('asks for another payment method when the card is declined, then pays the subscription', async () => {
    const { user, spy } = renderPlans(NONE, {
      'POST /api/microservice/subscribe/LegalMind': {
        status: 201,
        body: subscribed({
          paymentStatus: 'requires_payment_method',
          subscription: buildSubscription({ id: 'sub-9', status: 'INCOMPLETE' }),
        }),
      },
      'PUT /api/user/subscription/sub-9': { body: subscribed() },
    });
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(error).getByText(
        'There was an error processing your payment. Choose another payment method.',
      ),
    ).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Use this method' }));
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));
    expect(await screen.findByText('Your payment was successful!')).toBeInTheDocument();
    expect(recordedCalls(spy).find((c) => c.method === 'PUT')?.json).toEqual({
      paymentId: 'pm_visa',
    });
  });

  it('opens the 3-D Secure page when the card needs authentication', async () => {
    const { user } = renderPlans(NONE, {
      'POST /api/microservice/subscribe/LegalMind': {
        status: 201,
        body: subscribed({
          paymentStatus: 'requires_action',
          subscription: buildSubscription({
            status: 'INCOMPLETE',
            paymentIntent: {
              status: 'requires_action',
              clientSecret: 'pi_secret',
              paymentMethodId: 'pm_visa',
              nextActionUrl: 'http://localhost:3000/sandbox/challenge/pi_123',
              lastError: null,
            },
          }),
        }),
      },
    });
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sandbox/challenge/pi_123');
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('shows the pending-payment message of a 409, in the user’s language', async () => {
    await i18n.changeLanguage('es');
    const { user } = renderPlans(NONE, {
      'POST /api/microservice/subscribe/LegalMind': {
        status: 409,
        body: errorBody(
          'CONFLICT',
          'You have a pending payment in a different plan',
          undefined,
          'SUBSCRIPTION_PENDING_ELSEWHERE',
        ),
      },
    });
    await screen.findByRole('heading', { name: 'Planes de LegalMind' });
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'SUSCRIBIRSE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proceso de pago' });
    await user.click(await within(dialog).findByRole('button', { name: 'PROCEDER AL PAGO' }));
    expect(
      await within(dialog).findByText(/^Tienes un pago pendiente en otro plan/),
    ).toBeInTheDocument();
  });

  it('edits the billing details from the dialog', async () => {
    const { user, spy } = renderPlans(NONE, {
      'GET /api/user/billing': { body: { ...BILLING, region: '' } },
      'GET /api/user': { body: buildUser() },
      'PUT /api/user/billing': (call) => ({
        body: { ...(JSON.parse(call.body as string) as object), tax: BILLING.tax },
      }),
    });
    await screen.findByRole('heading', { name: 'LegalMind plans' });
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'SUBSCRIBE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    const form = within(dialog).getByRole('form', { name: 'Billing details' });
    const save = within(form).getByRole('button', { name: 'SAVE' });
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Province\/Region/), 'Madrid');
    await user.click(save);
    await within(dialog).findByRole('button', { name: 'PROCEED TO PAYMENT' });
    // The tax is the server's answer, not part of the request (toEqual skips undefined).
    expect(recordedCalls(spy).find((c) => c.method === 'PUT')?.json).toEqual({
      ...BILLING,
      tax: undefined,
    });
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' })).toBeEnabled();
    });
  });
});

describe('PlansPage with the Stripe gateway', () => {
  const stripe = createFakeStripe();
  const STRIPE_CONFIG = {
    'GET /api/payments/config': {
      body: { gateway: 'stripe', publishableKey: 'pk_test_51QpKZZ', vatRate: 21 },
    },
  };
  // Stripe's 3-D Secure runs in Stripe.js: the intent has a client secret and no URL of ours.
  const NEEDS_AUTHENTICATION = subscribed({
    clientSecret: 'pi_3QpLHhK8Wx3yZ4aB_secret_3ds',
    paymentStatus: 'requires_action',
    subscription: buildSubscription({
      status: 'INCOMPLETE',
      paymentIntent: {
        status: 'requires_action',
        clientSecret: 'pi_3QpLHhK8Wx3yZ4aB_secret_3ds',
        paymentMethodId: 'pm_visa',
        nextActionUrl: null,
        lastError: null,
      },
    }),
  });

  beforeEach(() => {
    stripe.reset();
    vi.mocked(loadStripe).mockResolvedValue(stripe.stripe);
  });

  it('completes 3-D Secure with confirmCardPayment and shows the success', async () => {
    stripe.fake.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_3QpLHhK8Wx3yZ4aB', status: 'succeeded' },
    });
    const { user, spy } = renderPlans(NONE, {
      ...STRIPE_CONFIG,
      'POST /api/microservice/subscribe/LegalMind': { status: 201, body: NEEDS_AUTHENTICATION },
    });
    const dialog = await openCheckout(user);
    const currentPlanReads = () =>
      recordedCalls(spy).filter((c) => c.path === '/api/currentplan/LegalMind').length;
    const readsBefore = currentPlanReads();
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));

    expect(await screen.findByText('Your payment was successful!')).toBeInTheDocument();
    expect(stripe.fake.confirmCardPayment).toHaveBeenCalledWith('pi_3QpLHhK8Wx3yZ4aB_secret_3ds');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51QpKZZ', { locale: 'en' });
    // No sandbox challenge page, and the subscription is read again.
    expect(screen.queryByTestId('location')).toBeNull();
    await waitFor(() => {
      expect(currentPlanReads()).toBeGreaterThan(readsBefore);
    });
  });

  it('says so when the card holder fails the authentication, and offers another method', async () => {
    stripe.fake.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    const { user } = renderPlans(NONE, {
      ...STRIPE_CONFIG,
      'POST /api/microservice/subscribe/LegalMind': { status: 201, body: NEEDS_AUTHENTICATION },
    });
    const dialog = await openCheckout(user);
    await user.click(within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(error).getByText('The payment authentication failed, try again.'),
    ).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByRole('button', { name: 'Use this method' })).toBeEnabled();
  });
});
