import type { TInvoice } from '@app/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import {
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { buildBillingInfo, buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { BillingPage } from './billing-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const BILLING = buildBillingInfo();

function buildInvoice(index: number, overrides: Partial<TInvoice> = {}): TInvoice {
  return {
    id: `in_${String(index)}`,
    status: 'paid',
    number: `F-2026-${String(index).padStart(6, '0')}`,
    kind: 'invoice',
    corrects: null,
    total: 123456,
    subtotal: 102030,
    discount: 0,
    tax: 21426,
    taxRate: 21,
    taxTreatment: 'standard',
    created: '2026-03-05T12:00:00.000Z',
    issued: '2026-03-05T12:00:00.000Z',
    periodEnd: '2026-04-05T12:00:00.000Z',
    hostedInvoiceUrl: `/api/files/invoices/in_${String(index)}.html?sig=x`,
    invoicePdf: `/api/files/invoices/in_${String(index)}.pdf?sig=x`,
    lines: { data: [] },
    ...overrides,
  };
}

function renderBilling(routes: Routes = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/user': { body: buildUser() },
    'GET /api/user/billing': { body: BILLING },
    'GET /api/user/invoices': { body: [] },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/account/billing', element: <BillingPage /> }) };
}

describe('BillingPage', () => {
  it('enables SAVE only when something changed and every field is set', async () => {
    const { user, spy } = renderBilling({
      'PUT /api/user/billing': (call) => ({
        body: { ...(JSON.parse(call.body as string) as object), tax: BILLING.tax },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Billing details' });
    const save = within(form).getByRole('button', { name: 'SAVE' });
    expect(within(form).getByLabelText(/^Company/)).toHaveValue('Acme');
    expect(within(form).getByRole('combobox', { name: /^Country/ })).toHaveValue('ES');
    expect(within(form).getByRole('option', { name: 'Spain', selected: true })).toBeInTheDocument();
    expect(save).toBeDisabled();

    const zip = within(form).getByLabelText(/^ZIP/);
    await user.clear(zip);
    expect(save).toBeDisabled(); // changed, but a field is empty
    await user.type(zip, '28002');
    expect(save).toBeEnabled();

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Country/ }), 'PT');
    const nif = within(form).getByLabelText(/^VAT\/NIF/);
    await user.clear(nif);
    await user.type(nif, 'PT501234567');
    await user.click(save);
    expect(await screen.findByText('Your billing details have been saved.')).toBeInTheDocument();
    expect(recordedCalls(spy).find((c) => c.method === 'PUT')?.json).toEqual({
      ...BILLING,
      tax: undefined,
      nif: 'PT501234567',
      zip: '28002',
      country: 'PT',
    });
    await waitFor(() => {
      expect(within(form).getByRole('button', { name: 'SAVE' })).toBeDisabled();
    });
  });

  it('says how the invoices are taxed', async () => {
    renderBilling();
    expect(
      await screen.findByText('Your invoices include Spanish VAT at 21 %.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'Your invoices include Spanish VAT at 10.5 %.'],
    ['es', 'Tus facturas incluyen IVA español al 10,5 %.'],
  ])('writes a rate with decimals as %s does', async (language, sentence) => {
    await i18n.changeLanguage(language);
    try {
      renderBilling({
        'GET /api/user/billing': {
          body: { ...BILLING, tax: { treatment: 'standard', rate: 10.5 } },
        },
      });
      expect(await screen.findByText(sentence)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it.each([
    ['en-US', 'Enter a VAT number in the format of the chosen country (in Spain, the NIF)'],
    ['es', 'Introduce un NIF-IVA con el formato del país elegido (en España, el NIF)'],
  ])('shows a VAT number of the wrong format for the country in %s', async (language, message) => {
    await i18n.changeLanguage(language);
    try {
      const { user } = renderBilling();
      const form = await screen.findByRole('form', {
        name: /^(Billing details|Datos de facturación)$/,
      });
      await user.selectOptions(
        within(form).getByRole('combobox', { name: /^(Country|País)/ }),
        'DE',
      );
      const nif = within(form).getByLabelText(/^(VAT\/NIF|IVA\/NIF)/);
      await user.clear(nif);
      await user.type(nif, 'DE12345');
      await user.tab();
      expect(await within(form).findByText(message)).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: /^(SAVE|GUARDAR)$/ })).toBeDisabled();
      await user.clear(nif);
      await user.type(nif, 'DE123456789');
      await waitFor(() => {
        expect(within(form).queryByText(message)).not.toBeInTheDocument();
      });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('lists invoices with dd-MM-yyyy dates, Spanish totals and links, hiding drafts', async () => {
    renderBilling({
      'GET /api/user/invoices': {
        body: [
          buildInvoice(1),
          buildInvoice(2, { status: 'draft', number: 'DRAFT-2' }),
          buildInvoice(3, { status: '', number: 'NONE-3' }),
          buildInvoice(4, { status: 'open', total: 4900, number: null, issued: null }),
          buildInvoice(5, {
            kind: 'credit_note',
            number: 'R-2026-000001',
            corrects: 'F-2026-000001',
            total: -123456,
          }),
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, open, creditNote] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText('Pending payment')).toBeInTheDocument();
    expect(within(creditNote).getByText('Credit note')).toBeInTheDocument();
    expect(within(creditNote).getByText('Corrects F-2026-000001')).toBeInTheDocument();
    expect(creditNote.textContent.replace(/\s/g, ' ')).toContain('-1.234,56 €');
    expect(within(first).getByText('F-2026-000001')).toBeInTheDocument();
    expect(within(first).getByText('Invoice')).toBeInTheDocument();
    expect(within(first).getByText('05-03-2026')).toBeInTheDocument();
    expect(first.textContent.replace(/\s/g, ' ')).toContain('1.234,56 €');
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      '/api/files/invoices/in_1.pdf?sig=x',
    );
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/api/files/invoices/in_1.html?sig=x',
    );
    expect(screen.queryByText('DRAFT-2')).toBeNull();
    expect(screen.queryByText('NONE-3')).toBeNull();
  });

  it('pages invoices by 10 by default, with 15 and 20 on offer', async () => {
    const { user } = renderBilling({
      'GET /api/user/invoices': { body: Array.from({ length: 25 }, (_, i) => buildInvoice(i + 1)) },
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['10', '15', '20']);
    await user.click(screen.getByRole('option', { name: '20' }));
    expect(within(table).getAllByRole('row')).toHaveLength(21);
  });
});
