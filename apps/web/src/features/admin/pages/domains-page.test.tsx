import type { TDomain, TReferenceItem } from '@app/contracts/dataverse';
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
import { signInAsAdmin } from '../testing/admin-fixtures';
import { DomainsPage } from './domains-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

function buildDomain(code: string, english: string, spanish: string): TDomain {
  return {
    domelId: `00000000-0000-4000-8000-${code.padStart(12, '0')}`,
    dimensionCode: '10',
    domelCode: code,
    descriptionEn: english,
    descriptionEs: spanish,
    domelParent: null,
  };
}

const FINANCE = buildDomain('001', 'Finance', 'Finanzas');
const ENERGY = buildDomain('004', 'Energy', 'Energía');

/** The dimension as the server answers it, in the language the call asks for. */
function dimensionReply(domains: TDomain[]) {
  return (call: StubbedCall): StubReply => ({
    body: domains.map((domain): TReferenceItem => ({
      domelId: domain.domelId,
      domelCode: domain.domelCode,
      domelDesc: call.query.get('lang') === 'es' ? domain.descriptionEs : domain.descriptionEn,
      dimensionCode: '10',
      domelParent: null,
      children: [],
    })),
  });
}

function renderDomains(domains: TDomain[], routes: Routes = {}) {
  signInAsAdmin();
  const spy = stubFetch({ 'GET /api/dimension/code/10': dimensionReply(domains), ...routes });
  return { spy, ...renderRoute({ path: '/admin/domains', element: <DomainsPage /> }) };
}

function writes(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter((call) => call.method !== 'GET');
}

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
}

describe('DomainsPage', () => {
  it('lists the domains by code with both descriptions, and is reached from the admin tabs', async () => {
    renderDomains([ENERGY, FINANCE]);
    const table = await screen.findByRole('table', { name: 'Domains' });
    expect(rowsOf(table)).toEqual([
      ['001', 'Finance', 'Finanzas'],
      ['004', 'Energy', 'Energía'],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('tab', { name: 'Domains' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('pages the list ten domains at a time', async () => {
    const many = Array.from({ length: 12 }, (_, index) => {
      const code = String(index + 1).padStart(3, '0');
      return buildDomain(code, `Domain ${code}`, `Dominio ${code}`);
    });
    const { user } = renderDomains(many);
    const table = await screen.findByRole('table', { name: 'Domains' });
    expect(rowsOf(table)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(rowsOf(table)).toEqual([
      ['011', 'Domain 011', 'Dominio 011'],
      ['012', 'Domain 012', 'Dominio 012'],
    ]);
  });

  it('says when there are no domains yet', async () => {
    renderDomains([]);
    expect(await screen.findByText('There are no domains yet.')).toBeVisible();
  });

  it('shows the error when the domains cannot be loaded, and loads them on Retry', async () => {
    let isDown = true;
    const { user } = renderDomains([], {
      'GET /api/dimension/code/10': (call) =>
        isDown ? { status: 500, body: errorBody('INTERNAL') } : dimensionReply([FINANCE])(call),
    });
    expect(
      await screen.findByText('Oops something went wrong, try again in a while.'),
    ).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Domains' })).toHaveTextContent('Finanzas');
  });

  it('adds a domain with both descriptions and shows it on its page of the list', async () => {
    const existing = Array.from({ length: 10 }, (_, index) => {
      const code = String(index + 1).padStart(3, '0');
      return buildDomain(code, `Domain ${code}`, `Dominio ${code}`);
    });
    const added = buildDomain('042', 'Agritech', 'Agrotecnología');
    let domains = existing;
    const { user, spy } = renderDomains([], {
      'GET /api/dimension/code/10': (call) => dimensionReply(domains)(call),
      'POST /api/dataverse/domain/': () => {
        domains = [...existing, added];
        return { status: 201, body: added };
      },
    });
    const form = await screen.findByRole('form', { name: 'New domain' });
    await user.type(within(form).getByLabelText('Code'), ' 042 ');
    await user.type(within(form).getByLabelText('English description'), 'Agritech');
    await user.type(within(form).getByLabelText('Spanish description'), 'Agrotecnología');
    await user.keyboard('{Enter}');

    expect(await within(form).findByText('The domain 042 has been added.')).toBeVisible();
    expect(writes(spy)[0]?.json).toEqual({
      dimensionCode: '10',
      domelCode: '042',
      descriptionEn: 'Agritech',
      descriptionEs: 'Agrotecnología',
    });
    expect(within(form).getByLabelText('Code')).toHaveValue('');
    const table = screen.getByRole('table', { name: 'Domains' });
    await waitFor(() => {
      expect(rowsOf(table)).toEqual([['042', 'Agritech', 'Agrotecnología']]);
    });
  });

  it('checks the fields before calling the server', async () => {
    const { user, spy } = renderDomains([FINANCE]);
    const form = await screen.findByRole('form', { name: 'New domain' });
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('Enter a valid value');
    await user.type(within(form).getByLabelText('Code'), 'a b');
    await user.type(within(form).getByLabelText('English description'), 'Retail');
    await user.type(within(form).getByLabelText('Spanish description'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    await waitFor(() => {
      expect(within(form).getByLabelText('Spanish description')).toHaveAccessibleDescription(
        'This field is required',
      );
    });
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('Enter a valid value');
    expect(writes(spy)).toEqual([]);
  });

  it('says in the UI language that the code is taken, not the server sentence', async () => {
    const { user } = renderDomains([FINANCE], {
      'POST /api/dataverse/domain/': {
        status: 409,
        body: errorBody(
          'CONFLICT',
          'The dimension 10 already has the code 001.',
          { domelCode: 'validation.invalid' },
          'DOMAIN_CODE_EXISTS',
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'New domain' });
    await user.type(within(form).getByLabelText('Code'), '001');
    await user.type(within(form).getByLabelText('English description'), 'Money');
    await user.type(within(form).getByLabelText('Spanish description'), 'Dinero');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect(
      await within(form).findByText('This dimension already has an element with this code.'),
    ).toBeVisible();
    expect(screen.queryByText('The dimension 10 already has the code 001.')).toBeNull();
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('Enter a valid value');
  });

  it('edits both descriptions from the keyboard and shows them in the list', async () => {
    let domains = [FINANCE, ENERGY];
    const { user, spy } = renderDomains([], {
      'GET /api/dimension/code/10': (call) => dimensionReply(domains)(call),
      'PUT /api/domain/00000000-0000-4000-8000-000000000004': () => {
        const updated = { ...ENERGY, descriptionEn: 'Power', descriptionEs: 'Potencia' };
        domains = [FINANCE, updated];
        return { body: updated };
      },
    });
    const edit = await screen.findByRole('button', { name: 'Edit domain 004' });
    edit.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit domain 004' });
    const english = within(dialog).getByLabelText('English description');
    expect(english).toHaveFocus();
    expect(english).toHaveValue('Energy');
    await user.clear(english);
    await user.type(english, 'Power');
    await user.tab();
    await user.clear(within(dialog).getByLabelText('Spanish description'));
    await user.keyboard('Potencia{Enter}');

    expect(await screen.findByText('The domain 004 has been updated.')).toBeVisible();
    expect(writes(spy)[0]?.json).toEqual({ descriptionEn: 'Power', descriptionEs: 'Potencia' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await waitFor(() => {
      expect(rowsOf(screen.getByRole('table', { name: 'Domains' }))).toContainEqual([
        '004',
        'Power',
        'Potencia',
      ]);
    });
  });

  it('keeps the dialog open with the translated refusal when the domain is gone', async () => {
    const { user } = renderDomains([FINANCE], {
      'PUT /api/domain/00000000-0000-4000-8000-000000000001': {
        status: 404,
        body: errorBody('NOT_FOUND', 'There is no such reference data element.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit domain 001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit domain 001' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('What you are looking for does not exist.'),
    ).toBeVisible();
  });
});
