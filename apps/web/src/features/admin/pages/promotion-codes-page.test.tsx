import type { TAdminProduct, TAdminPromotionCode } from '@app/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { buildLegalMindBasic, signInAsAdmin } from '../testing/admin-fixtures';
import { PromotionCodesPage } from './promotion-codes-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const PRODUCTS: TAdminProduct[] = [buildLegalMindBasic()];

function buildCode(overrides: Partial<TAdminPromotionCode> = {}): TAdminPromotionCode {
  return {
    id: 'code-1',
    code: 'WELCOME20',
    percentOff: 20,
    amountOff: null,
    priceIds: null,
    expiresAt: null,
    maxRedemptions: null,
    durationMonths: null,
    timesRedeemed: 0,
    ...overrides,
  };
}

function renderCodes(codes: TAdminPromotionCode[], routes: Routes = {}) {
  signInAsAdmin();
  const spy = stubFetch({
    'GET /api/admin/promotion_codes': { body: codes },
    'GET /api/admin/products': { body: PRODUCTS },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({ path: '/admin/promotion-codes', element: <PromotionCodesPage /> }),
  };
}

function posts(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter((call) => call.method === 'POST');
}

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('PromotionCodesPage', () => {
  it('lists the codes with discount, prices, duration, expiry and redemptions', async () => {
    renderCodes([
      buildCode(),
      buildCode({
        id: 'code-2',
        code: 'SPRING',
        percentOff: null,
        amountOff: 1050,
        priceIds: ['price_legal_year', 'price_custom_gone'],
        expiresAt: '2026-06-30T12:00:00.000Z',
        maxRedemptions: 50,
        durationMonths: 3,
        timesRedeemed: 3,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Promotion codes' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => spaces(cell.textContent)),
      );
    expect(rows.slice(1)).toEqual([
      ['WELCOME20', '20 % off', 'All prices', 'Forever', 'Never', '0 (no limit)'],
      [
        'SPRING',
        '10,50 € off',
        'LegalMind Basic · 278,40 € · Yearlyprice_custom_gone',
        '3 months',
        '30-06-2026',
        '3 of 50',
      ],
    ]);
  });

  it('says when there are no codes yet, and is reached from the admin tabs', async () => {
    renderCodes([]);
    expect(await screen.findByText('There are no promotion codes yet.')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('tab', { name: 'Users' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('tab', { name: 'Promotion codes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('creates an amount-off code limited to one price, then lists it', async () => {
    let created = false;
    const { user, spy } = renderCodes([], {
      'GET /api/admin/promotion_codes': () => ({
        body: created ? [buildCode({ code: 'SUMMER', percentOff: null, amountOff: 990 })] : [],
      }),
      'POST /api/admin/promotion_codes': () => {
        created = true;
        return {
          status: 201,
          body: buildCode({ code: 'SUMMER', percentOff: null, amountOff: 990 }),
        };
      },
    });
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    await user.type(within(form).getByLabelText('Code'), 'summer');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await user.type(within(form).getByLabelText('Amount off (€)'), '9,90');
    await user.type(within(form).getByLabelText('Maximum redemptions (optional)'), '100');
    await user.type(within(form).getByLabelText('Duration in months (optional)'), '6');
    await user.type(within(form).getByLabelText('Expires on (optional)'), '2030-12-31');
    await user.click(within(form).getByRole('combobox', { name: 'Applies to (optional)' }));
    await user.click(
      await screen.findByRole('option', { name: /LegalMind Basic · 29,00\s€ · Monthly/ }),
    );
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    expect(
      await within(form).findByText('The promotion code SUMMER has been created.'),
    ).toBeVisible();
    const request = posts(spy)[0];
    expect(request?.path).toBe('/api/admin/promotion_codes');
    expect(request?.json).toEqual({
      code: 'SUMMER',
      amountOff: 990,
      maxRedemptions: 100,
      durationMonths: 6,
      priceIds: ['price_legal_month'],
      expiresAt: new Date(2030, 11, 31, 23, 59, 59, 999).toISOString(),
    });
    expect(within(form).getByLabelText('Code')).toHaveValue('');
    expect(await screen.findByRole('table', { name: 'Promotion codes' })).toHaveTextContent(
      'SUMMER',
    );
  });

  it('checks the fields before calling the server', async () => {
    const { user, spy } = renderCodes([]);
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    await user.type(within(form).getByLabelText('Maximum redemptions (optional)'), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    expect(within(form).getByText('Enter a whole number')).toBeVisible();

    await user.type(within(form).getByLabelText('Code'), 'bad code!');
    await user.type(within(form).getByLabelText('Percent off (%)'), '150');
    await user.clear(within(form).getByLabelText('Maximum redemptions (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => {
      expect(within(form).getAllByText('Enter a valid value')).toHaveLength(2);
    });
    expect(posts(spy)).toHaveLength(0);
  });

  it('takes a duration of 1 to 36 whole months only', async () => {
    const { user, spy } = renderCodes([]);
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    await user.type(within(form).getByLabelText('Code'), 'LONG');
    await user.type(within(form).getByLabelText('Percent off (%)'), '10');
    const duration = within(form).getByLabelText('Duration in months (optional)');
    for (const wrong of ['37', '0', '2.5']) {
      await user.clear(duration);
      await user.type(duration, wrong);
      await user.click(within(form).getByRole('button', { name: 'Create code' }));
      await waitFor(() => {
        expect(duration).toHaveAccessibleDescription('Enter a whole number of months from 1 to 36');
      });
    }
    expect(posts(spy)).toHaveLength(0);
  });

  it('shows on the code that it exists already, in the admin’s words', async () => {
    const { user, spy } = renderCodes([], {
      'POST /api/admin/promotion_codes': {
        status: 409,
        body: errorBody(
          'CONFLICT',
          'A promotion code with this name exists.',
          { code: 'validation.invalid' },
          'PROMOTION_CODE_EXISTS',
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    await user.type(within(form).getByLabelText('Code'), 'WELCOME20');
    await user.type(within(form).getByLabelText('Percent off (%)'), '12,5');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByLabelText('Percent off (%)')).toHaveAccessibleDescription(
      'Enter a valid value',
    );
    expect(posts(spy)).toEqual([]);
    await user.clear(within(form).getByLabelText('Percent off (%)'));
    await user.type(within(form).getByLabelText('Percent off (%)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('This promotion code exists already.')).toBeVisible();
    expect(within(form).queryByText('A promotion code with this name exists.')).toBeNull();
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('Enter a valid value');
    expect(posts(spy)[0]?.json).toEqual({ code: 'WELCOME20', percentOff: 20 });
  });

  it('shows the error when the codes cannot be loaded', async () => {
    renderCodes([], {
      'GET /api/admin/promotion_codes': { status: 404, body: errorBody('NOT_FOUND') },
    });
    expect(await screen.findByText('What you are looking for does not exist.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
