import type { TInvoice } from '@app/contracts/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { AdminPage } from '../pages/admin-page';
import { buildAdminUser, signInAsAdmin } from '../testing/admin-fixtures';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const CUSTOMER = buildAdminUser();
const INVOICES_URL = `/api/admin/user/${CUSTOMER.id}/invoices`;

function buildInvoice(overrides: Partial<TInvoice>): TInvoice {
  return {
    id: 'in_1',
    status: 'paid',
    number: 'F-2026-000001',
    kind: 'invoice',
    corrects: null,
    total: 3509,
    subtotal: 2900,
    discount: 0,
    tax: 609,
    taxRate: 21,
    taxTreatment: 'standard',
    created: '2026-03-05T12:00:00.000Z',
    issued: '2026-03-05T12:00:00.000Z',
    periodEnd: '2026-04-05T12:00:00.000Z',
    hostedInvoiceUrl: '/api/files/invoices/in_1.html?sig=x',
    invoicePdf: '/api/files/invoices/in_1.pdf?sig=x',
    lines: { data: [] },
    ...overrides,
  };
}

const PAID = buildInvoice({});
const CREDITED = buildInvoice({ id: 'in_2', number: 'F-2026-000002' });
const NOTE = buildInvoice({
  id: 'cn_1',
  number: 'R-2026-000001',
  kind: 'credit_note',
  corrects: 'F-2026-000002',
  total: -3509,
});
const OPEN = buildInvoice({ id: 'in_3', number: null, status: 'open', issued: null });

function renderAdmin(routes: Routes = {}) {
  signInAsAdmin();
  const spy = stubFetch({
    'GET /api/admin/users': { body: { items: [CUSTOMER], total: 1, page: 0, size: 10 } },
    'GET /api/admin/products': { body: [] },
    [`GET /api/admin/user/${CUSTOMER.id}/subscriptions`]: { body: [] },
    [`GET ${INVOICES_URL}`]: { body: [NOTE, OPEN, CREDITED, PAID] },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/admin', element: <AdminPage /> }) };
}

async function invoicesTable(
  user: ReturnType<typeof renderAdmin>['user'],
  names: { update: string; table: string },
) {
  await user.click(await screen.findByRole('button', { name: names.update }));
  return screen.findByRole('table', { name: names.table });
}

const ENGLISH = { update: 'Update products of eva@soler.io', table: 'Invoices of eva@soler.io' };

describe('credit notes in the user’s products dialog', () => {
  it('offers a credit note only for a paid invoice not credited yet, and issues it after confirmation', async () => {
    let credited = false;
    const { user, spy } = renderAdmin({
      [`GET ${INVOICES_URL}`]: () => ({
        body: credited
          ? [
              buildInvoice({ ...NOTE, id: 'cn_2', number: 'R-2026-000002', corrects: PAID.number }),
              NOTE,
              OPEN,
              CREDITED,
              PAID,
            ]
          : [NOTE, OPEN, CREDITED, PAID],
      }),
      [`POST ${INVOICES_URL}/in_1/credit`]: () => {
        credited = true;
        return { status: 201, body: NOTE };
      },
    });
    const table = await invoicesTable(user, ENGLISH);

    expect(
      within(table).getByText('R-2026-000001 (credit note of F-2026-000002)'),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Credit note for F-2026-000001']);

    await user.click(within(table).getByRole('button', { name: 'Credit note for F-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit note for F-2026-000001' });
    expect(confirm).toHaveTextContent(/35,09\s€/);
    await user.click(
      within(confirm).getByRole('radio', {
        name: 'The charge was already returned outside the platform',
      }),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Issue credit note' }));

    await waitFor(() => {
      expect(
        screen.queryByRole('dialog', { name: 'Credit note for F-2026-000001' }),
      ).not.toBeInTheDocument();
    });
    const posts = recordedCalls(spy).filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, JSON.parse(call.body as string) as unknown])).toEqual([
      [`${INVOICES_URL}/in_1/credit`, { reason: 'canceled' }],
    ]);
    await waitFor(() => {
      expect(
        within(table).queryByRole('button', { name: 'Credit note for F-2026-000001' }),
      ).not.toBeInTheDocument();
    });
  });

  it('issues one credit note when Issue is pressed twice before the answer', async () => {
    const { user, spy } = renderAdmin({
      [`POST ${INVOICES_URL}/in_1/credit`]: { status: 201, body: NOTE },
    });
    const table = await invoicesTable(user, ENGLISH);
    await user.click(within(table).getByRole('button', { name: 'Credit note for F-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit note for F-2026-000001' });
    const issue = within(confirm).getByRole('button', { name: 'Issue credit note' });
    fireEvent.click(issue);
    fireEvent.click(issue);

    await waitFor(() => {
      expect(
        screen.queryByRole('dialog', { name: 'Credit note for F-2026-000001' }),
      ).not.toBeInTheDocument();
    });
    const posts = recordedCalls(spy).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.json)).toEqual([{ reason: 'refund' }]);
  });

  it('still offers a credit note for what a partial refund left, and says how much', async () => {
    const partial = buildInvoice({
      ...NOTE,
      id: 'cn_3',
      number: 'R-2026-000003',
      corrects: PAID.number,
      total: -1000,
    });
    const { user } = renderAdmin({
      [`GET ${INVOICES_URL}`]: { body: [partial, NOTE, OPEN, CREDITED, PAID] },
    });
    const table = await invoicesTable(user, ENGLISH);

    await user.click(within(table).getByRole('button', { name: 'Credit note for F-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit note for F-2026-000001' });
    expect(confirm).toHaveTextContent(
      /invoice of 35,09\s€\. A credit note cancels the 25,09\s€ left/,
    );
  });

  it('closes without a request on Cancel', async () => {
    const { user, spy } = renderAdmin();
    const table = await invoicesTable(user, ENGLISH);
    await user.click(within(table).getByRole('button', { name: 'Credit note for F-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit note for F-2026-000001' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => {
      expect(
        screen.queryByRole('dialog', { name: 'Credit note for F-2026-000001' }),
      ).not.toBeInTheDocument();
    });
    expect(recordedCalls(spy).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says in Spanish that the invoice has a credit note already, not the server’s sentence', async () => {
    await i18n.changeLanguage('es');
    try {
      const { user } = renderAdmin({
        [`POST ${INVOICES_URL}/in_1/credit`]: {
          status: 409,
          body: errorBody(
            'CONFLICT',
            'This invoice has a credit note already.',
            undefined,
            'INVOICE_ALREADY_CREDITED',
          ),
        },
      });
      const table = await invoicesTable(user, {
        update: 'Actualizar productos de eva@soler.io',
        table: 'Facturas de eva@soler.io',
      });
      await user.click(
        within(table).getByRole('button', { name: 'Factura rectificativa de F-2026-000001' }),
      );
      const confirm = await screen.findByRole('dialog', {
        name: 'Factura rectificativa de F-2026-000001',
      });
      await user.click(
        within(confirm).getByRole('button', { name: 'Emitir factura rectificativa' }),
      );

      expect(
        await within(confirm).findByText('Esta factura ya tiene una factura rectificativa.'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
