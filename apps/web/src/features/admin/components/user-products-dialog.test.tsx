import type { TAdminProduct } from '@app/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { buildSubscription } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { AdminPage } from '../pages/admin-page';
import {
  LEGAL_BASIC_ID,
  buildAdminUser,
  buildLegalMindBasic,
  signInAsAdmin,
} from '../testing/admin-fixtures';
import { addIntervalToDateInput, toDateInput } from '../utils/date-input';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const CUSTOMER = buildAdminUser();
const CUSTOMER_ID = CUSTOMER.id;
const LEGAL_BASIC = LEGAL_BASIC_ID;

const PRODUCTS: TAdminProduct[] = [
  buildLegalMindBasic([
    {
      priceId: 'price_custom_eva',
      price: 1500,
      interval: 'YEAR',
      currency: 'eur',
      teamId: 'team-42',
    },
  ]),
  {
    productId: '1a2b3c4d-3333-4e5f-9a8b-7c6d5e4f3a2b',
    productName: 'FinancialViewer Enterprise',
    neuron: 'FinancialViewer',
    planCode: 'ENTERPRISE',
    prices: [],
  },
];

function renderDialog(routes: Routes = {}) {
  signInAsAdmin();
  const spy = stubFetch({
    'GET /api/admin/users': { body: { items: [CUSTOMER], total: 1, page: 0, size: 10 } },
    'GET /api/admin/products': { body: PRODUCTS },
    [`GET /api/admin/user/${CUSTOMER_ID}/subscriptions`]: {
      body: [
        buildSubscription({
          status: 'PENDING',
          serviceName: 'LegalMind',
          planInfo: { planName: 'Basic' },
          priceCents: 123456,
          interval: 'YEAR',
          startDate: '2026-03-05T12:00:00.000Z',
          endDate: '2027-03-05T12:00:00.000Z',
        }),
      ],
    },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/admin', element: <AdminPage /> }) };
}

async function openDialog(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Update products of eva@soler.io' }));
  return screen.findByRole('dialog', { name: 'Products of eva@soler.io' });
}

function posts(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter((call) => call.method === 'POST');
}

describe('UserProductsDialog', () => {
  it('lists the user’s subscriptions with status, dd-MM-yyyy dates and euro price', async () => {
    const { user, spy } = renderDialog();
    const dialog = await openDialog(user);
    const table = await within(dialog).findByRole('table', {
      name: 'Subscriptions of eva@soler.io',
    });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent.replace(/\s/g, ' '));
    expect(cells).toEqual([
      'LegalMind',
      'Basic',
      'Pending',
      '05-03-2026',
      '05-03-2027',
      '1.234,56 € · Yearly',
    ]);
    expect(within(table).getByText('Pending').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorInfo',
    );
    expect(
      recordedCalls(spy)
        .find((call) => call.path === '/api/admin/products')
        ?.query.get('userId'),
    ).toBe(CUSTOMER_ID);
  });

  it('says when the user has no subscriptions', async () => {
    const { user } = renderDialog({
      [`GET /api/admin/user/${CUSTOMER_ID}/subscriptions`]: { body: [] },
    });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('This user has no subscriptions yet.')).toBeVisible();
  });

  it('creates a custom price typed in euro with a comma, in cents', async () => {
    const { user, spy } = renderDialog({
      'POST /api/admin/stripe/custom/price': {
        status: 201,
        body: {
          priceId: 'price_custom_new',
          price: 4990,
          interval: 'YEAR',
          currency: 'eur',
          teamId: 'team-42',
        },
      },
    });
    const dialog = await openDialog(user);
    const form = await within(dialog).findByRole('form', { name: 'Custom price' });
    await user.selectOptions(within(form).getByLabelText('Product'), 'LegalMind Basic');
    await user.type(within(form).getByLabelText('Price (€)'), '49,90');
    await user.selectOptions(within(form).getByLabelText('Interval'), 'Yearly');
    await user.click(within(form).getByRole('button', { name: 'Create price' }));

    expect(
      await within(form).findByText(
        'The custom price 49,90 € · Yearly for LegalMind Basic has been created.',
        {
          normalizer: (text) => text.replace(/\s/g, ' '),
        },
      ),
    ).toBeVisible();
    expect(posts(spy)[0]?.path).toBe('/api/admin/stripe/custom/price');
    expect(posts(spy)[0]?.json).toEqual({
      productId: LEGAL_BASIC,
      price: 4990,
      interval: 'YEAR',
      userId: CUSTOMER_ID,
      currency: 'eur',
    });
    expect(within(form).getByLabelText('Price (€)')).toHaveValue('');
    // The products, with the new price, are fetched again.
    await waitFor(() => {
      expect(recordedCalls(spy).filter((call) => call.path === '/api/admin/products')).toHaveLength(
        2,
      );
    });
  });

  it('refuses a price that is not an amount before calling the server', async () => {
    const { user, spy } = renderDialog();
    const form = await within(await openDialog(user)).findByRole('form', { name: 'Custom price' });
    await user.type(within(form).getByLabelText('Price (€)'), '49 euros');
    await user.click(within(form).getByRole('button', { name: 'Create price' }));
    expect(await within(form).findByText('Enter an amount in euro, such as 49,90')).toBeVisible();
    expect(within(form).getByText('This field is required')).toBeVisible();
    expect(posts(spy)).toHaveLength(0);
  });

  it('marks the field and says the values are not valid when the custom price is refused', async () => {
    const { user } = renderDialog({
      'POST /api/admin/stripe/custom/price': {
        status: 400,
        body: errorBody('VALIDATION', 'Choose a paid plan.', { productId: 'validation.invalid' }),
      },
    });
    const form = await within(await openDialog(user)).findByRole('form', { name: 'Custom price' });
    await user.selectOptions(within(form).getByLabelText('Product'), 'LegalMind Basic');
    await user.type(within(form).getByLabelText('Price (€)'), '49.90');
    await user.click(within(form).getByRole('button', { name: 'Create price' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Some of the information is not valid. Check it and try again.',
    );
    expect(within(form).getByText('Enter a valid value')).toBeVisible();
    expect(within(form).queryByText('Choose a paid plan.')).toBeNull();
  });

  it('creates a PENDING subscription on a custom price, from today to one interval later', async () => {
    const { user, spy } = renderDialog({
      'POST /api/admin/subscription': {
        status: 201,
        body: buildSubscription({
          status: 'PENDING',
          serviceName: 'LegalMind',
          planInfo: { planName: 'Basic' },
        }),
      },
    });
    const form = await within(await openDialog(user)).findByRole('form', {
      name: 'New subscription',
    });
    // A product without prices cannot be subscribed to.
    const product = within(form).getByLabelText('Product');
    expect(
      within(product).queryByRole('option', { name: 'FinancialViewer Enterprise' }),
    ).toBeNull();
    expect(within(form).getByLabelText('Price')).toBeDisabled();
    await user.selectOptions(product, 'LegalMind Basic');
    const price = within(form).getByLabelText('Price');
    expect(
      within(price)
        .getAllByRole('option')
        .map((option) => option.textContent.replace(/\s/g, ' ')),
    ).toEqual(['', '29,00 € · Monthly', '278,40 € · Yearly', '15,00 € · Yearly · custom']);
    await user.selectOptions(price, 'price_custom_eva');

    const start = toDateInput(new Date());
    expect(within(form).getByLabelText('Start date')).toHaveValue(start);
    // The custom price is yearly: the end date moved from one month to one year later.
    expect(within(form).getByLabelText('End date')).toHaveValue(
      addIntervalToDateInput(start, 'YEAR'),
    );
    await user.click(within(form).getByRole('button', { name: 'Create subscription' }));

    expect(
      await within(form).findByText(
        'The PENDING subscription to LegalMind Basic has been created.',
      ),
    ).toBeVisible();
    const request = posts(spy)[0];
    expect(request?.path).toBe('/api/admin/subscription');
    expect(request?.json).toMatchObject({
      userId: CUSTOMER_ID,
      priceId: 'price_custom_eva',
      status: 'PENDING',
    });
    const body = request?.json as { startDate: string; endDate: string };
    expect(toDateInput(new Date(body.startDate))).toBe(start);
    expect(new Date(body.endDate).getTime()).toBeGreaterThan(new Date(body.startDate).getTime());
    // The subscriptions are listed again.
    await waitFor(() => {
      expect(
        recordedCalls(spy).filter((call) => call.path.endsWith('/subscriptions')),
      ).toHaveLength(2);
    });
  });

  it('refuses an end date before the start date', async () => {
    const { user, spy } = renderDialog();
    const form = await within(await openDialog(user)).findByRole('form', {
      name: 'New subscription',
    });
    await user.selectOptions(within(form).getByLabelText('Product'), 'LegalMind Basic');
    await user.selectOptions(within(form).getByLabelText('Price'), 'price_legal_month');
    const end = within(form).getByLabelText('End date');
    await user.clear(end);
    await user.type(end, '2020-01-01');
    await user.click(within(form).getByRole('button', { name: 'Create subscription' }));
    expect(
      await within(form).findByText('The end date must come after the start date'),
    ).toBeVisible();
    expect(posts(spy)).toHaveLength(0);
  });

  it('says the customer has a subscription already, never the server’s sentence', async () => {
    const { user } = renderDialog({
      'POST /api/admin/subscription': {
        status: 409,
        body: errorBody(
          'CONFLICT',
          'The customer already has a subscription to this neuron.',
          undefined,
          'SUBSCRIPTION_EXISTS',
        ),
      },
    });
    const form = await within(await openDialog(user)).findByRole('form', {
      name: 'New subscription',
    });
    await user.selectOptions(within(form).getByLabelText('Product'), 'LegalMind Basic');
    await user.selectOptions(within(form).getByLabelText('Price'), 'price_legal_month');
    const submit = within(form).getByRole('button', { name: 'Create subscription' });
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The team already has a subscription to this neuron: change its plan instead.',
    );
    expect(
      within(form).queryByText('The customer already has a subscription to this neuron.'),
    ).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('closes with Escape and with Close', async () => {
    const { user } = renderDialog();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
