import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import '../i18n/register';
import { buildAccount, buildAccountsResponse } from '../testing/viewer-fixtures';
import {
  AccountFilters,
  defaultAccountFilter,
  toFilterQuery,
  validateDateRange,
  type AccountFilterValue,
} from './account-filters';

const ACME_BBVA = buildAccount({ accountName: 'Acme BBVA', accountNumber: '0001' });
const ACME_SANTANDER = buildAccount({
  accountName: 'Acme Santander',
  accountNumber: '0002',
  entCode: 'SAN',
  entName: 'Santander',
});
const GLOBEX = buildAccount({
  accountName: 'Globex BBVA',
  accountNumber: '0003',
  accountCompanyName: 'Globex',
});

function Harness({ onChange }: { onChange: (value: AccountFilterValue) => void }) {
  const [value, setValue] = useState<AccountFilterValue>({
    companyNames: [],
    entCodes: [],
    accountIds: [],
    dateFrom: '2021-11-25',
    dateTo: '2026-11-25',
  });
  return (
    <AccountFilters
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderFilters() {
  stubFetch({
    'GET /api/financialviewer/account': {
      body: buildAccountsResponse([ACME_BBVA, ACME_SANTANDER, GLOBEX]),
    },
  });
  const onChange = vi.fn();
  const view = renderRoute({ path: '/', element: <Harness onChange={onChange} /> });
  return { ...view, onChange };
}

describe('AccountFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds the default range and the query', () => {
    expect(defaultAccountFilter(5)).toEqual({
      companyNames: [],
      entCodes: [],
      accountIds: [],
      dateFrom: '2021-11-25',
      dateTo: '2026-11-25',
    });
    expect(
      toFilterQuery({
        companyNames: ['Acme'],
        entCodes: [],
        accountIds: ['a', 'b'],
        dateFrom: '2024-01-01',
        dateTo: '2024-12-31',
      }),
    ).toEqual({
      companyNames: 'Acme',
      accountIds: 'a,b',
      valueDateFrom: '2024-01-01',
      valueDateTo: '2024-12-31',
    });
  });

  it('checks the date rules', () => {
    const today = '2026-11-25';
    expect(validateDateRange('2006-11-24', '2026-01-01', today).from).toBe(
      'validation.financialViewer.dateTooEarly',
    );
    expect(validateDateRange('2006-11-25', '2026-11-25', today)).toEqual({});
    expect(validateDateRange('2026-02-01', '2026-01-01', today)).toEqual({
      from: 'validation.financialViewer.dateOrder',
      to: 'validation.financialViewer.dateOrder',
    });
    expect(validateDateRange('2026-01-01', '2026-11-26', today).to).toBe(
      'validation.financialViewer.dateInFuture',
    );
  });

  it('enables bank after company and account after bank, resetting children', async () => {
    const { user, onChange } = renderFilters();
    const company = await screen.findByRole('combobox', { name: 'Company' });
    const bank = screen.getByRole('combobox', { name: 'Bank' });
    const account = screen.getByRole('combobox', { name: 'Account' });
    expect(bank).toBeDisabled();
    expect(account).toBeDisabled();

    await user.selectOptions(company, 'Acme');
    expect(bank).toBeEnabled();
    expect(account).toBeDisabled();
    expect(screen.getAllByRole('option', { name: /BBVA|Santander/ }).length).toBe(2);

    await user.selectOptions(bank, 'SAN');
    expect(account).toBeEnabled();
    await user.selectOptions(account, ACME_SANTANDER.accountId);
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        companyNames: ['Acme'],
        entCodes: ['SAN'],
        accountIds: [ACME_SANTANDER.accountId],
      }),
    );

    await user.selectOptions(company, 'Globex');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ companyNames: ['Globex'], entCodes: [], accountIds: [] }),
    );
    expect(account).toBeDisabled();
  });

  it('takes dates typed with the keyboard, shows errors under the field and keeps an invalid range to itself', async () => {
    const { user, onChange } = renderFilters();
    const to = await screen.findByRole('group', { name: 'To' });
    const from = screen.getByRole('group', { name: 'From' });
    const section = (group: HTMLElement, name: string) =>
      within(group).getByRole('spinbutton', { name });

    await user.click(section(to, 'Year'));
    await user.keyboard('2027');
    expect(await screen.findByText('The date cannot be in the future.')).toBeVisible();
    expect(onChange).not.toHaveBeenCalled();

    await user.click(section(from, 'Year'));
    await user.keyboard('2000');
    expect(screen.getByText('The date cannot be more than 20 years ago.')).toBeVisible();

    await user.click(section(to, 'Month'));
    await user.keyboard('06302026');
    await user.click(section(from, 'Month'));
    await user.keyboard('01012025');
    await waitFor(() => {
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ dateFrom: '2025-01-01', dateTo: '2026-06-30' }),
      );
    });
  });

  it('moves through a date with the arrow keys', async () => {
    const { user, onChange } = renderFilters();
    const from = await screen.findByRole('group', { name: 'From' });
    await user.click(within(from).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => {
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ dateFrom: '2021-11-26', dateTo: '2026-11-25' }),
      );
    });
  });

  it('shows the dates day first in Spanish', async () => {
    await changeLanguage('es');
    try {
      renderFilters();
      const from = await screen.findByRole('group', { name: 'Desde' });
      const sections = within(from).getAllByRole('spinbutton');
      // Day (of November), month, year.
      expect(sections.map((section) => section.getAttribute('aria-valuemax'))).toEqual([
        '30',
        '12',
        '9999',
      ]);
      expect(sections.map((section) => section.textContent)).toEqual(['25', '11', '2021']);
    } finally {
      await changeLanguage('en-US');
    }
  });
});
