import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUpConfirmed, type TestApp } from '../../test/test-app.js';

/** A stand-in for the EC's VIES REST API at VIES_URL, answering in its documented shapes. */
function viesStandIn(): Server {
  return createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { vatNumber } = JSON.parse(body) as { vatNumber: string };
      const answers: Record<string, [number, object]> = {
        '123456789': [200, { countryCode: 'DE', vatNumber, valid: true, name: '---' }],
        '999999999': [200, { countryCode: 'DE', vatNumber, valid: false, name: '---' }],
      };
      const [status, answer] = answers[vatNumber] ?? [
        500,
        { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] },
      ];
      response.writeHead(request.url === '/check-vat-number' ? status : 404, {
        'content-type': 'application/json',
      });
      response.end(JSON.stringify(answer));
    });
  });
}

let vies: Server;
let test: TestApp;
beforeAll(async () => {
  vies = viesStandIn();
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const { port } = vies.address() as AddressInfo;
  test = await buildTestApp({ VIES: 'on', VIES_URL: `http://127.0.0.1:${String(port)}` });
});
afterAll(async () => {
  await test.close();
  await new Promise((resolve) => vies.close(resolve));
});

describe('with VIES on', () => {
  it.each([
    ['registered', 'DE123456789', 'reverse_charge', 0],
    ['not registered', 'DE999999999', 'standard', 21],
    ['unknown while the member state is down', 'DE111111111', 'reverse_charge', 0],
  ])('taxes a German business whose number is %s', async (_case, nif, treatment, rate) => {
    const { token } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/user/billing',
      headers: bearer(token),
      payload: {
        companyName: 'Acme GmbH',
        nif,
        billingAddress: 'Hauptstraße 5',
        zip: '10115',
        region: 'Berlin',
        country: 'DE',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ tax: { treatment, rate } });
  });
});
