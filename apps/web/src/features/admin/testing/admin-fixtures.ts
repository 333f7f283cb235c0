import type { TAdminProduct, TAdminUser } from '@app/contracts/admin';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildUser } from '../../../test/fixtures';

/** The session of a platform administrator (role 4), as the admin pages expect it. */
export function signInAsAdmin(): void {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser({ id: 'admin-1', roles: [4] }));
}

export function buildAdminUser(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: '7b0c8f4e-1111-4c3a-9d2e-0a1b2c3d4e5f',
    firstName: 'Eva',
    lastName: 'Soler',
    email: 'eva@soler.io',
    enabled: true,
    roles: [5],
    teamId: 'team-42',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const LEGAL_BASIC_ID = '0f9e8d7c-2222-4b6a-8c5d-1e2f3a4b5c6d';

/** LegalMind Basic with its public prices (29,00 € a month, 278,40 € a year). */
export function buildLegalMindBasic(extraPrices: TAdminProduct['prices'] = []): TAdminProduct {
  return {
    productId: LEGAL_BASIC_ID,
    productName: 'LegalMind Basic',
    neuron: 'LegalMind',
    planCode: 'BASIC',
    prices: [
      {
        priceId: 'price_legal_month',
        price: 2900,
        interval: 'MONTH',
        currency: 'eur',
        teamId: null,
      },
      {
        priceId: 'price_legal_year',
        price: 27840,
        interval: 'YEAR',
        currency: 'eur',
        teamId: null,
      },
      ...extraPrices,
    ],
  };
}
