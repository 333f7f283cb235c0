import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestClock } from './clock.js';
import {
  createExchangeRates,
  currenciesAtPar,
  listCurrencies,
  parseEcbRates,
  toEuroCents,
} from './exchange-rates.js';

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope><Cube><Cube time='2026-11-24'>
<Cube currency='USD' rate='1.1000'/><Cube currency='GBP' rate='0.8500'/>
</Cube></Cube></gesmes:Envelope>`;

async function serve(
  body: string,
  status = 200,
): Promise<{ url: string; close(): void; hits(): number }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(status, { 'content-type': 'text/xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/eurofxref-daily.xml`,
    close: () => server.close(),
    hits: () => hits,
  };
}

describe('exchange rates', () => {
  it('reads the ECB daily XML', () => {
    expect(parseEcbRates(ECB_XML)).toEqual({
      source: 'ecb',
      date: '2026-11-24',
      rates: { EUR: 1, USD: 1.1, GBP: 0.85 },
    });
    expect(parseEcbRates('<html>maintenance</html>')).toBeUndefined();
  });

  it("uses the ECB's rates when reachable and asks again only after twelve hours", async () => {
    const ecb = await serve(ECB_XML);
    const clock = createTestClock();
    const rates = createExchangeRates({ url: ecb.url, clock });
    expect((await rates.get()).source).toBe('ecb');
    await rates.get();
    expect(ecb.hits()).toBe(1);
    clock.advance(13 * 3_600_000);
    await rates.get();
    expect(ecb.hits()).toBe(2);
    ecb.close();
  });

  it('falls back to the stored snapshot when the ECB answers an error or is off', async () => {
    const broken = await serve('nope', 503);
    const clock = createTestClock();
    expect(await createExchangeRates({ url: broken.url, clock }).get()).toMatchObject({
      source: 'snapshot',
      date: '2024-12-31',
    });
    broken.close();
    expect((await createExchangeRates({ url: undefined, clock }).get()).source).toBe('snapshot');
  });

  it('converts cents to euro cents and lists EUR and USD first', () => {
    const rates = {
      source: 'ecb' as const,
      date: '2026-11-24',
      rates: { EUR: 1, USD: 1.1, GBP: 0.85 },
    };
    expect(toEuroCents(110, 'usd', rates)).toBe(100);
    expect(toEuroCents(500, 'EUR', rates)).toBe(500);
    expect(listCurrencies(rates)).toEqual(['EUR', 'USD', 'GBP']);
  });

  it('counts a currency without a rate at par and names it', () => {
    const rates = { source: 'ecb' as const, date: '2026-11-24', rates: { USD: 1.1 } };
    expect(toEuroCents(500, 'ARS', rates)).toBe(500);
    expect(toEuroCents(500, 'eur', rates)).toBe(500);
    expect(currenciesAtPar(['ars', 'EUR', 'USD', 'XOF', 'ARS', 'eur'], rates)).toEqual([
      'ARS',
      'XOF',
    ]);
  });
});
