import type { TCurrentUser } from '@app/contracts/users';

export function buildUser(overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    id: 'user-1',
    email: 'ana@acme.io',
    roles: [5],
    teamId: 'team-1',
    blocked: false,
    dataverseEnabled: false,
    firstName: 'Ana',
    lastName: 'García',
    companyName: 'Acme',
    nif: 'B12345678',
    billingAddress: 'Calle Mayor 1',
    zip: '28001',
    region: 'Madrid',
    country: 'Spain',
    defaultPaymentMethod: null,
    photoUrl: null,
    timeZone: 'Europe/Madrid',
    language: 'en-US',
    ...overrides,
  };
}
