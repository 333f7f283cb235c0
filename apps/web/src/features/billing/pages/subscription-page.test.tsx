import type { TSubscription } from '@app/contracts/billing';
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import {
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { createFakeStripe } from '../../../test/fake-stripe';
import {
  buildBillingInfo,
  buildPaymentMethod,
  buildSepaMethod,
  buildSubscription,
  buildUser,
} from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { SubscriptionPage } from './subscription-page';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const BILLING = buildBillingInfo();

function renderSubscriptions(subscriptions: TSubscription[], routes: Routes = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/user/subscriptions': { body: subscriptions },
    'GET /api/payments/payment_methods': { body: [buildPaymentMethod()] },
    'GET /api/payments/config': {
      body: { gateway: 'sandbox', publishableKey: null, vatRate: 21 },
    },
    'GET /api/user/billing': { body: BILLING },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({ path: '/account/subscription', element: <SubscriptionPage /> }),
  };
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('SubscriptionPage', () => {
  it('says there is nothing to show without subscriptions', async () => {
    renderSubscriptions([]);
    expect(
      await screen.findByText('There is nothing to show: you have no subscriptions yet.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['ACTIVE', false, 'Active', 'Success', 'Next payment date: 05-04-2026'],
    ['ACTIVE', true, 'Active until period end', 'Warning', 'End date: 05-04-2026'],
    ['PENDING', false, 'Pending', 'Info', null],
    ['PROCESSING', false, 'Processing', 'Info', 'End date: 05-04-2026'],
    ['INCOMPLETE', false, 'Incomplete', 'Error', 'End date: 06-03-2026'],
    ['INCOMPLETE_EXPIRED', false, 'Expired', 'Error', null],
    ['CANCELED', false, 'Canceled', 'Error', 'Cancel date: 20-03-2026'],
  ] as const)(
    'tags %s (cancelling: %s) as "%s" in %s colour with its date label',
    async (status, cancelAtPeriodEnd, label, colour, dateText) => {
      renderSubscriptions([
        buildSubscription({
          status,
          cancelAtPeriodEnd,
          canceledAt: status === 'CANCELED' ? '2026-03-20T12:00:00.000Z' : null,
        }),
      ]);
      await screen.findByRole('article', { name: 'LegalMind' });
      const tag = within(card('LegalMind')).getByText(label).closest('.MuiChip-root');
      expect(tag).toHaveClass(`MuiChip-color${colour}`);
      if (dateText === null) {
        expect(within(card('LegalMind')).queryByText(/date/i)).toBeNull();
      } else {
        expect(within(card('LegalMind')).getByText(dateText)).toBeInTheDocument();
      }
    },
  );

  it('shows the plan, interval and price in Spanish format', async () => {
    renderSubscriptions([buildSubscription()]);
    expect(
      await screen.findByText((text) => text.startsWith('Starter · Monthly · 49,00')),
    ).toBeInTheDocument();
  });

  it('shows the discount a subscription has on its price, and until when', async () => {
    renderSubscriptions([
      buildSubscription({
        discount: { amountOff: null, percentOff: 50 },
        discountEndsAt: '2026-06-05T12:00:00.000Z',
      }),
    ]);
    const legal = await screen.findByRole('article', { name: 'LegalMind' });
    expect(within(legal).getByText('49,00 €').tagName).toBe('DEL');
    expect(legal).toHaveTextContent(/49,00\s€\s24,50\s€/);
    expect(within(legal).getByText(/^50\s%\soff until 05-06-2026$/)).toBeInTheDocument();
  });

  it('shows the method that paid the subscription rather than the default', async () => {
    renderSubscriptions([buildSubscription({ paymentMethodId: 'pm_sepa' })], {
      'GET /api/payments/payment_methods': {
        body: [buildPaymentMethod(), buildSepaMethod()],
      },
    });
    const legal = await screen.findByRole('article', { name: 'LegalMind' });
    expect(within(legal).getByText(/1332/)).toBeInTheDocument();
    expect(within(legal).queryByText('•••• 4242')).toBeNull();
  });

  it('shows the payment method only for active-not-cancelling or incomplete ones', async () => {
    renderSubscriptions([
      buildSubscription(),
      buildSubscription({ id: 'sub-2', serviceName: 'Nucleus', cancelAtPeriodEnd: true }),
    ]);
    await screen.findByRole('article', { name: 'LegalMind' });
    expect(within(card('LegalMind')).getByText('Payment method')).toBeInTheDocument();
    expect(within(card('LegalMind')).getByText('•••• 4242')).toBeInTheDocument();
    expect(within(card('Nucleus')).queryByText('Payment method')).toBeNull();
  });

  it.each([
    ['requires_action', 'The payment authentication failed, try again.'],
    [
      'requires_payment_method',
      'The payment failed, select another payment method and complete the payment.',
    ],
  ])('tells why an incomplete payment (%s) failed', async (intentStatus, message) => {
    renderSubscriptions([
      buildSubscription({
        status: 'INCOMPLETE',
        paymentIntent: {
          status: intentStatus,
          clientSecret: 'pi_secret',
          paymentMethodId: 'pm_visa',
          nextActionUrl: null,
          lastError: null,
        },
      }),
    ]);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('cancels after a confirmation', async () => {
    const { user, spy } = renderSubscriptions([buildSubscription()], {
      'POST /api/user/subscription/cancel/sub-1': {
        body: buildSubscription({ cancelAtPeriodEnd: true }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(recordedCalls(spy).some((c) => c.path.includes('/cancel/'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'YES, CANCEL' }));
    expect(await screen.findByText('Your subscription has been canceled.')).toBeInTheDocument();
    expect(
      recordedCalls(spy)
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual(['/api/user/subscription/cancel/sub-1']);
  });

  it('reactivates a cancelling subscription and offers no cancel for it', async () => {
    const { user, spy } = renderSubscriptions([buildSubscription({ cancelAtPeriodEnd: true })], {
      'POST /api/user/subscription/reactivate/sub-1': { body: buildSubscription() },
    });
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Your subscription has been reactivated.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(
      recordedCalls(spy).some((c) => c.path === '/api/user/subscription/reactivate/sub-1'),
    ).toBe(true);
  });

  it('"Go to Pay" opens the payment dialog and pays the subscription with the chosen method', async () => {
    const pending = buildSubscription({ status: 'PENDING' });
    const { user, spy } = renderSubscriptions([pending], {
      'PUT /api/user/subscription/sub-1': {
        body: {
          subscription: buildSubscription(),
          clientSecret: 'pi_secret',
          paymentStatus: 'succeeded',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Go to Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    // No coupon when paying an existing subscription.
    expect(within(dialog).queryByLabelText('Coupon code')).toBeNull();
    const proceed = within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' });
    await waitFor(() => {
      expect(proceed).toBeEnabled();
    });
    await user.click(proceed);
    expect(await screen.findByText('Your payment was successful!')).toBeInTheDocument();
    const call = recordedCalls(spy).find((c) => c.method === 'PUT');
    expect(call?.path).toBe('/api/user/subscription/sub-1');
    expect(call?.json).toEqual({ paymentId: 'pm_visa' });
  });

  it('"Go to Pay" on an administrator\'s custom price shows that price, not the public one', async () => {
    const { user } = renderSubscriptions([
      buildSubscription({ status: 'PENDING', priceId: 'price_custom_1', priceCents: 1500 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Go to Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    const totals = await within(dialog).findByRole('group', { name: 'Totals' });
    expect(totals.textContent).toContain('15,00');
    expect(totals.textContent).not.toContain('49,00');
  });

  it('"Go to Pay" on a card awaiting authentication opens its 3-D Secure page again', async () => {
    const { user, spy } = renderSubscriptions([
      buildSubscription({
        status: 'INCOMPLETE',
        paymentIntent: {
          status: 'requires_action',
          clientSecret: 'pi_secret',
          paymentMethodId: 'pm_visa',
          nextActionUrl: 'http://localhost:3000/sandbox/challenge/pi_77',
          lastError: null,
        },
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Go to Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    const proceed = within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' });
    await waitFor(() => {
      expect(proceed).toBeEnabled();
    });
    await user.click(proceed);
    expect(await screen.findByTestId('location')).toHaveTextContent('/sandbox/challenge/pi_77');
    expect(recordedCalls(spy).some((c) => c.method === 'PUT')).toBe(false);
  });

  it('"Go to Pay" on a card awaiting authentication with Stripe completes it with Stripe.js', async () => {
    const stripe = createFakeStripe();
    vi.mocked(loadStripe).mockResolvedValue(stripe.stripe);
    stripe.fake.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_77', status: 'processing' },
    });
    const { user, spy } = renderSubscriptions(
      [
        buildSubscription({
          status: 'INCOMPLETE',
          paymentIntent: {
            status: 'requires_action',
            clientSecret: 'pi_77_secret_3ds',
            paymentMethodId: 'pm_visa',
            nextActionUrl: null,
            lastError: null,
          },
        }),
      ],
      {
        'GET /api/payments/config': {
          body: { gateway: 'stripe', publishableKey: 'pk_test_51QpKZZ', vatRate: 21 },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Go to Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment process' });
    const proceed = within(dialog).getByRole('button', { name: 'PROCEED TO PAYMENT' });
    await waitFor(() => {
      expect(proceed).toBeEnabled();
    });
    await user.click(proceed);
    expect(await screen.findByText('Your payment is being proccessed.')).toBeInTheDocument();
    expect(stripe.fake.confirmCardPayment).toHaveBeenCalledWith('pi_77_secret_3ds');
    // Authenticated, not charged again.
    expect(recordedCalls(spy).some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the result of a 3-D Secure challenge it comes back from', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    stubFetch({
      'GET /api/user/subscriptions': { body: [buildSubscription()] },
      'GET /api/payments/payment_methods': { body: [] },
    });
    const { router } = renderRoute({
      path: '/account/subscription',
      element: <SubscriptionPage />,
    });
    await screen.findByRole('article', { name: 'LegalMind' });
    await router.navigate('/account/subscription', { state: { challengeResult: 'failed' } });
    expect(
      await screen.findByText('The payment authentication failed, try again.'),
    ).toBeInTheDocument();
  });
});
