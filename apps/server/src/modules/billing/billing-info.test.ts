import { ROLES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { teamMember } from './billing-fixtures.js';

const test = useTestApp();

const INFO = {
  companyName: 'Acme Industries',
  nif: 'B12345678',
  billingAddress: 'Calle Mayor 1',
  zip: '28013',
  region: 'Madrid',
  country: 'es',
};

function putBilling(token: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'PUT',
    url: '/api/user/billing',
    headers: bearer(token),
    payload,
  });
}

describe('/api/user/billing', () => {
  it('reads the details of a new owner, however incomplete', async () => {
    const owner = await signUpConfirmed(test);
    const read = await test.app.inject({
      method: 'GET',
      url: '/api/user/billing',
      headers: bearer(owner.token),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ nif: '', country: '' });
  });

  it('lets an Admin member set the team billing details, which are the owner details', async () => {
    const owner = await signUpConfirmed(test);
    const admin = await teamMember(test, owner.token, ROLES.ADMIN);
    const response = await putBilling(admin, INFO);
    expect(response.statusCode, response.body).toBe(200);
    const taxed = { ...INFO, country: 'ES', tax: { treatment: 'standard', rate: 21 } };
    expect(response.json()).toEqual(taxed);

    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(owner.token),
    });
    expect(me.json()).toMatchObject({ nif: 'B12345678', country: 'ES' });
    const read = await test.app.inject({
      method: 'GET',
      url: '/api/user/billing',
      headers: bearer(owner.token),
    });
    expect(read.json()).toEqual(taxed);
  });

  it.each([
    ['a German business with a VAT number', 'DE', 'DE 123 456 789', 'reverse_charge', 0],
    ['a Greek business typing the EL prefix', 'GR', 'EL123456789', 'reverse_charge', 0],
    ['a Portuguese business without the prefix', 'PT', '501234567', 'reverse_charge', 0],
    ['a Spanish company', 'ES', 'ESB12345678', 'standard', 21],
    ['a customer in the United States', 'US', '12-3456789', 'export', 0],
  ])('says how the invoices of %s are taxed', async (_case, country, nif, treatment, rate) => {
    const owner = await signUpConfirmed(test);
    const response = await putBilling(owner.token, { ...INFO, country, nif });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ nif, country, tax: { treatment, rate } });
  });

  it.each([
    ['an empty NIF', { ...INFO, nif: ' ' }, 'nif'],
    ['a Spanish NIF for Portugal', { ...INFO, country: 'PT' }, 'nif'],
    ['a German VAT number of eight digits', { ...INFO, country: 'DE', nif: 'DE12345678' }, 'nif'],
    ['a French VAT number for Spain', { ...INFO, nif: 'FR12345678901' }, 'nif'],
    ['a country that is not a code', { ...INFO, country: 'Spain' }, 'country'],
    ['a company without letters', { ...INFO, companyName: '123' }, 'companyName'],
  ])('refuses %s and changes nothing', async (_case, payload, field) => {
    const owner = await signUpConfirmed(test);
    expectAppError(await putBilling(owner.token, payload), 400, 'VALIDATION', field);
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(owner.token),
    });
    expect(me.json()).toMatchObject({ nif: '', country: '' });
  });

  it('is not for a Guest member', async () => {
    const owner = await signUpConfirmed(test);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    expectAppError(await putBilling(guest, INFO), 403, 'FORBIDDEN');
  });
});
