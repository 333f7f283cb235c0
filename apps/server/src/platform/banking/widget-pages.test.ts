import type { TBank } from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BANKS } from './sandbox/banks.js';
import { BANK_WIDGET_SCRIPTS } from './widget-assets.js';
import { renderBankChooserPage, renderFlowResultPage } from './widget-pages.js';

const OPERATION_ID = 'op_1234567890abcdefghij';
const BANKS: TBank[] = SANDBOX_BANKS.map((bank) => ({
  bank_name: bank.name,
  bank_code: bank.code,
  country_code: bank.countryCode,
  logo: bank.logo,
}));

function visibleBankNames(html: string): string[] {
  return [
    ...html.matchAll(
      /<li data-search="[^"]*"(?! hidden)><a[^>]*><img[^>]*><span class="name">([^<]+)</g,
    ),
  ].map((match) => match[1] ?? '');
}

describe('renderBankChooserPage', () => {
  it('lists every bank with its logo, name, country and link to start the consent', () => {
    const html = renderBankChooserPage({
      operationId: OPERATION_ID,
      banks: BANKS,
      language: 'en-US',
      query: '',
    });

    expect(visibleBankNames(html)).toHaveLength(BANKS.length);
    expect(html).toContain(`href="/api/financialviewer/widget/${OPERATION_ID}/bank/SANTANDER_ES"`);
    expect(html).toContain('<span class="country">ES</span>');
    expect(html).toContain('<img src="data:image/svg+xml;base64,');
    expect(html).toContain('Connect your bank');
    expect(html).toContain(`<script src="${BANK_WIDGET_SCRIPTS.bankSearch}" defer></script>`);
    expect(html).toMatch(/<p id="no-results" class="empty" hidden>/);
  });

  it('filters by the query, ignoring case and accents, with a form that works without scripts', () => {
    const html = renderBankChooserPage({
      operationId: OPERATION_ID,
      banks: BANKS,
      language: 'es',
      query: 'SOCIETE',
    });

    expect(visibleBankNames(html)).toEqual(['Société Générale']);
    expect(html).toContain('<form method="get" role="search">');
    expect(html).toContain('name="q" value="SOCIETE"');
    expect(html).toContain('Conecta tu banco');
  });

  it('says when nothing matches', () => {
    const html = renderBankChooserPage({
      operationId: OPERATION_ID,
      banks: BANKS,
      language: 'en-US',
      query: 'zzz',
    });

    expect(visibleBankNames(html)).toEqual([]);
    expect(html).toContain('<p id="no-results" class="empty">No results found</p>');
  });

  it('escapes what it did not write', () => {
    const html = renderBankChooserPage({
      operationId: OPERATION_ID,
      banks: [{ bank_name: '<b>Evil</b>', bank_code: 'X"Y', country_code: 'ES', logo: 'data:x' }],
      language: 'en-US',
      query: '"><script>alert(1)</script>',
    });

    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Evil</b>');
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(html).toContain('/bank/X%22Y');
  });
});

describe('renderFlowResultPage', () => {
  it.each(['completed', 'cancelled', 'failed'] as const)(
    'hands the %s outcome to the script file, with no inline script',
    (outcome) => {
      const html = renderFlowResultPage({ outcome, language: 'en-US' });

      expect(html).toContain(`<body data-outcome="${outcome}">`);
      expect(html).toContain(`<script src="${BANK_WIDGET_SCRIPTS.flowResult}" defer></script>`);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).toContain('You can close this window.');
    },
  );

  it('speaks Spanish', () => {
    const html = renderFlowResultPage({ outcome: 'completed', language: 'es' });

    expect(html).toContain('Tu banco está conectado');
    expect(html).toContain('Puedes cerrar esta ventana.');
  });
});
