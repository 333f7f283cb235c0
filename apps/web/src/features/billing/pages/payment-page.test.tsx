import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { createFakeStripe } from '../../../test/fake-stripe';
import { buildPaymentMethod, buildSepaMethod, buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { PaymentPage } from './payment-page';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const VISA = buildPaymentMethod();
const SEPA = buildSepaMethod();

function renderPayment(routes: Routes = {}, roles = [5]) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser({ roles }));
  const spy = stubFetch({
    'GET /api/payments/payment_methods': { body: [VISA, SEPA] },
    'GET /api/payments/config': {
      body: { gateway: 'sandbox', publishableKey: null, vatRate: 21 },
    },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/account/payment', element: <PaymentPage /> }) };
}

describe('PaymentPage', () => {
  it('lists cards and bank accounts with last four digits, expiry, bank code and Default tag', async () => {
    renderPayment();
    const visa = await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    expect(visa).toBeChecked();
    expect(screen.getByText('Expires 04/2030')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /ES •••• 1332/ })).not.toBeChecked();
    expect(screen.getByText('Bank code 2100')).toBeInTheDocument();
    expect(within(visa.closest('label')!).getByText('Default')).toBeInTheDocument();
  });

  it('enables "Set as default" only for a different method, then sends its id', async () => {
    const { user, spy } = renderPayment({
      'POST /api/payments/default_payment': {
        body: [
          { ...VISA, isDefault: false },
          { ...SEPA, isDefault: true },
        ],
      },
    });
    const setDefault = await screen.findByRole('button', { name: 'Set as default' });
    expect(setDefault).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /ES •••• 1332/ }));
    expect(setDefault).toBeEnabled();
    await user.click(setDefault);
    expect(
      await screen.findByText('The default payment method has been changed.'),
    ).toBeInTheDocument();
    const call = recordedCalls(spy).find((c) => c.path === '/api/payments/default_payment');
    expect(call?.json).toEqual({ paymentId: 'pm_sepa' });
    expect(screen.getByRole('button', { name: 'Set as default' })).toBeDisabled();
  });

  it('adds a card through a setup intent and its sandbox confirmation', async () => {
    const { user, spy } = renderPayment({
      'POST /api/payments/intent/card': {
        body: { id: 'seti_1', clientSecret: 's', gateway: 'sandbox', publishableKey: null },
      },
      'POST /api/sandbox/setup_intents/seti_1/confirm': {
        body: { id: 'seti_1', status: 'succeeded', paymentMethodId: 'pm_new' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const form = screen.getByRole('form', { name: 'Card' });
    const submit = within(form).getByRole('button', { name: 'Add card' });
    expect(submit).toBeDisabled();
    const number = within(form).getByLabelText(/^Card number/);
    // Typed as printed on the card, in groups: the spaces do not count against the 16 digits.
    await user.type(number, '4242 4242 4242 4242 99');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.type(within(form).getByLabelText(/^Expiry/), '04/30');
    expect(submit).toBeDisabled();
    await user.type(within(form).getByLabelText(/^CVC/), '123');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('The payment method has been added.')).toBeInTheDocument();
    const confirm = recordedCalls(spy).find((c) => c.path.endsWith('/confirm'));
    expect(confirm?.json).toEqual({
      card: { number: '4242424242424242', expMonth: 4, expYear: 2030, cvc: '123' },
    });
    // The list is reloaded with the new method.
    await waitFor(() => {
      expect(
        recordedCalls(spy).filter((c) => c.path === '/api/payments/payment_methods'),
      ).toHaveLength(2);
    });
    // The sandbox never downloads Stripe.js.
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it("shows the sandbox's field errors in the user's language", async () => {
    const { user } = renderPayment({
      'POST /api/payments/intent/card': {
        body: { id: 'seti_1', clientSecret: 's', gateway: 'sandbox', publishableKey: null },
      },
      'POST /api/sandbox/setup_intents/seti_1/confirm': {
        status: 400,
        body: errorBody('VALIDATION', "Your card's security code is invalid.", {
          'card.cvc': 'validation.card.cvc',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const form = screen.getByRole('form', { name: 'Card' });
    await user.type(within(form).getByLabelText(/^Card number/), '5555 5555 5555 4444');
    await user.type(within(form).getByLabelText(/^Expiry/), '04/30');
    await user.type(within(form).getByLabelText(/^CVC/), '123');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(
      await within(form).findByText("Your card's security code is invalid."),
    ).toBeInTheDocument();
  });

  it('flags a mistyped card number and a past expiry as soon as the field is left, before any call', async () => {
    const { user, spy } = renderPayment({});
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const form = screen.getByRole('form', { name: 'Card' });
    // One digit off 4242 4242 4242 4242: the check digit no longer matches.
    await user.type(within(form).getByLabelText(/^Card number/), '4242 4242 4242 4241');
    await user.type(within(form).getByLabelText(/^Expiry/), '01/21');
    expect(await within(form).findByText('Your card number is invalid.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^CVC/), '123');
    expect(await within(form).findByText('Your card has expired.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add card' })).toBeDisabled();
    expect(recordedCalls(spy).filter((c) => c.path.includes('/intent/'))).toHaveLength(0);
  });

  it('adds a SEPA account with an IBAN (placeholder ES) and shows a non-SEPA refusal', async () => {
    const { user, spy } = renderPayment({
      'POST /api/payments/intent/sepa_debit': {
        body: { id: 'seti_2', clientSecret: 's', gateway: 'sandbox', publishableKey: null },
      },
      'POST /api/sandbox/setup_intents/seti_2/confirm': {
        status: 400,
        body: errorBody('VALIDATION', 'not sepa', { 'sepa.iban': 'validation.iban.notSepa' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await user.click(screen.getByRole('button', { name: 'Bank account (IBAN)' }));
    const form = screen.getByRole('form', { name: 'Bank account' });
    const iban = within(form).getByLabelText(/^IBAN/);
    expect(iban.getAttribute('placeholder')).toMatch(/^ES/);
    // The holder and email start from the signed-in user.
    expect(within(form).getByLabelText(/^Account holder name/)).toHaveValue('Ana García');
    await user.type(iban, 'GB33 BUKB 2020 1555 5555 55');
    await user.click(within(form).getByRole('button', { name: 'Add bank account' }));
    expect(
      await within(form).findByText('SEPA Direct Debit accepts only IBANs of SEPA countries.'),
    ).toBeInTheDocument();
    const confirm = recordedCalls(spy).find((c) => c.path.endsWith('/confirm'));
    expect(confirm?.json).toEqual({
      sepa: {
        iban: 'GB33BUKB20201555555555',
        accountHolderName: 'Ana García',
        email: 'ana@acme.io',
      },
    });
  });

  it('sends a guest member to the profile without asking the server', async () => {
    const { spy } = renderPayment({}, [6]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/profile');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('PaymentPage with the Stripe gateway', () => {
  const stripe = createFakeStripe();
  const CARD_SECRET = 'seti_1QpL2mK8Wx3yZ4aB5cD6eF7g_secret_RkTAbCdEf';
  const SEPA_SECRET = 'seti_1QpL9nK8Wx3yZ4aB0sEpA001_secret_RkTSepA';
  const NEW_CARD = buildPaymentMethod({ id: 'pm_new', last4: '0005', isDefault: false });

  beforeEach(() => {
    stripe.reset();
    vi.mocked(loadStripe).mockResolvedValue(stripe.stripe);
  });

  function renderStripe(routes: Routes = {}) {
    let listed = 0;
    return renderPayment({
      'GET /api/payments/config': {
        body: { gateway: 'stripe', publishableKey: 'pk_test_51QpKZZ', vatRate: 21 },
      },
      // Stripe attaches the new method to the team's customer; the server lists it from there.
      'GET /api/payments/payment_methods': () => {
        listed += 1;
        return { body: listed === 1 ? [VISA] : [VISA, NEW_CARD] };
      },
      'POST /api/payments/intent/card': {
        body: {
          id: 'seti_1',
          clientSecret: CARD_SECRET,
          gateway: 'stripe',
          publishableKey: 'pk_test_51QpKZZ',
        },
      },
      'POST /api/payments/intent/sepa_debit': {
        body: {
          id: 'seti_2',
          clientSecret: SEPA_SECRET,
          gateway: 'stripe',
          publishableKey: 'pk_test_51QpKZZ',
        },
      },
      ...routes,
    });
  }

  it('adds a card with Stripe Elements and confirmCardSetup, then reloads the list', async () => {
    stripe.fake.confirmCardSetup.mockResolvedValue({
      setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' },
    });
    const { user, spy } = renderStripe();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const form = await screen.findByRole('form', { name: 'Card' });
    const card = await stripe.mounted('card');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51QpKZZ', { locale: 'en' });
    expect(stripe.fake.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }));
    const submit = within(form).getByRole('button', { name: 'Add card' });
    expect(submit).toBeDisabled();
    card.emitChange({ complete: true });
    await user.click(submit);

    expect(await screen.findByText('The payment method has been added.')).toBeInTheDocument();
    expect(stripe.fake.confirmCardSetup).toHaveBeenCalledWith(CARD_SECRET, {
      payment_method: { card },
    });
    expect(await screen.findByRole('radio', { name: /Visa •••• 0005/ })).toBeInTheDocument();
    const calls = recordedCalls(spy);
    expect(calls.filter((c) => c.path === '/api/payments/payment_methods')).toHaveLength(2);
    // No card number reaches our server: Stripe's frame holds it.
    expect(calls.some((c) => c.path.includes('/sandbox/'))).toBe(false);
  });

  it("shows Stripe's errors in the user's language, and Stripe's own words otherwise", async () => {
    stripe.fake.confirmCardSetup
      .mockResolvedValueOnce({
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      })
      .mockResolvedValueOnce({
        error: {
          type: 'card_error',
          code: 'processing_error',
          message: 'Se ha producido un error al procesar la tarjeta.',
        },
      });
    await i18n.changeLanguage('es');
    const { user } = renderStripe();
    await user.click(await screen.findByRole('button', { name: 'Añadir método de pago' }));
    const form = await screen.findByRole('form', { name: 'Tarjeta' });
    const card = await stripe.mounted('card');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51QpKZZ', { locale: 'es' });
    expect(stripe.fake.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'es' }));

    card.emitChange({
      complete: false,
      error: { type: 'validation_error', code: 'incomplete_number', message: 'incomplete' },
    });
    expect(within(form).getByText('El número de la tarjeta no es válido.')).toBeInTheDocument();

    card.emitChange({ complete: true });
    const submit = within(form).getByRole('button', { name: 'Añadir tarjeta' });
    await user.click(submit);
    expect(await within(form).findByText('La tarjeta ha sido rechazada.')).toBeInTheDocument();
    await user.click(submit);
    expect(
      await within(form).findByText('Se ha producido un error al procesar la tarjeta.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Se ha añadido el método de pago.')).toBeNull();
  });

  it('adds a SEPA account with the IbanElement, the holder and the mandate text', async () => {
    stripe.fake.confirmSepaDebitSetup.mockResolvedValue({
      setupIntent: { id: 'seti_2', status: 'succeeded', payment_method: { id: 'pm_sepa_new' } },
    });
    const { user } = renderStripe();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await user.click(screen.getByRole('button', { name: 'Bank account (IBAN)' }));
    const form = await screen.findByRole('form', { name: 'Bank account' });
    const iban = await stripe.mounted('iban');
    expect(iban.options).toMatchObject({ supportedCountries: ['SEPA'] });
    expect(
      within(form).getByText(/you authorise \(A\) Neuron Platform and Stripe/),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Account holder name/)).toHaveValue('Ana García');
    const submit = within(form).getByRole('button', { name: 'Add bank account' });
    expect(submit).toBeDisabled();
    iban.emitChange({ complete: true });
    await user.click(submit);

    expect(await screen.findByText('The payment method has been added.')).toBeInTheDocument();
    expect(stripe.fake.confirmSepaDebitSetup).toHaveBeenCalledWith(SEPA_SECRET, {
      payment_method: {
        sepa_debit: iban,
        billing_details: { name: 'Ana García', email: 'ana@acme.io' },
      },
    });
  });
});
