import type { AggregatorBank } from '../aggregator.js';

/** A bank of the sandbox: what the aggregator lists, and what its made-up IBANs are built on. */
export type SandboxBank = AggregatorBank & {
  bic: string;
  /** The national bank identifier an IBAN of this bank starts its BBAN with. */
  ibanBankId: string;
  /** The colour of the logo's square, for the sandbox bank's own pages. */
  brandColour: string;
  /** The colour of the initials, readable on `brandColour`. */
  brandTextColour: string;
};

type BankEntry = {
  code: string;
  name: string;
  countryCode: string;
  bic: string;
  ibanBankId: string;
  initials: string;
  background: string;
  foreground: string;
};

/** Real banks, each with a logo we draw: its initials on a colour reminiscent of the brand. */
const ENTRIES: BankEntry[] = [
  {
    code: 'SANTANDER_ES',
    name: 'Banco Santander',
    countryCode: 'ES',
    bic: 'BSCHESMMXXX',
    ibanBankId: '0049',
    initials: 'S',
    background: '#EC0000',
    foreground: '#FFFFFF',
  },
  {
    code: 'BBVA_ES',
    name: 'BBVA',
    countryCode: 'ES',
    bic: 'BBVAESMMXXX',
    ibanBankId: '0182',
    initials: 'BB',
    background: '#004481',
    foreground: '#FFFFFF',
  },
  {
    code: 'CAIXABANK_ES',
    name: 'CaixaBank',
    countryCode: 'ES',
    bic: 'CAIXESBBXXX',
    ibanBankId: '2100',
    initials: 'CB',
    background: '#007EAE',
    foreground: '#FFFFFF',
  },
  {
    code: 'SABADELL_ES',
    name: 'Banco Sabadell',
    countryCode: 'ES',
    bic: 'BSABESBBXXX',
    ibanBankId: '0081',
    initials: 'BS',
    background: '#006DFF',
    foreground: '#FFFFFF',
  },
  {
    code: 'BANKINTER_ES',
    name: 'Bankinter',
    countryCode: 'ES',
    bic: 'BKBKESMMXXX',
    ibanBankId: '0128',
    initials: 'BK',
    background: '#FF7300',
    foreground: '#FFFFFF',
  },
  {
    code: 'UNICAJA_ES',
    name: 'Unicaja Banco',
    countryCode: 'ES',
    bic: 'UCJAES2MXXX',
    ibanBankId: '2103',
    initials: 'U',
    background: '#00A04A',
    foreground: '#FFFFFF',
  },
  {
    code: 'KUTXABANK_ES',
    name: 'Kutxabank',
    countryCode: 'ES',
    bic: 'BASKES2BXXX',
    ibanBankId: '2095',
    initials: 'K',
    background: '#000000',
    foreground: '#E30613',
  },
  {
    code: 'ABANCA_ES',
    name: 'ABANCA',
    countryCode: 'ES',
    bic: 'CAGLESMMXXX',
    ibanBankId: '2080',
    initials: 'A',
    background: '#00B1EB',
    foreground: '#FFFFFF',
  },
  {
    code: 'IBERCAJA_ES',
    name: 'Ibercaja',
    countryCode: 'ES',
    bic: 'CAZRES2ZXXX',
    ibanBankId: '2085',
    initials: 'IC',
    background: '#0033A0',
    foreground: '#FFD100',
  },
  {
    code: 'CAJAMAR_ES',
    name: 'Cajamar',
    countryCode: 'ES',
    bic: 'CCRIES2AXXX',
    ibanBankId: '3058',
    initials: 'CM',
    background: '#00857C',
    foreground: '#FFFFFF',
  },
  {
    code: 'ING_ES',
    name: 'ING España',
    countryCode: 'ES',
    bic: 'INGDESMMXXX',
    ibanBankId: '1465',
    initials: 'ING',
    background: '#FF6200',
    foreground: '#FFFFFF',
  },
  {
    code: 'OPENBANK_ES',
    name: 'Openbank',
    countryCode: 'ES',
    bic: 'OPENESMMXXX',
    ibanBankId: '0073',
    initials: 'O',
    background: '#EC0000',
    foreground: '#FFFFFF',
  },
  {
    code: 'DEUTSCHE_BANK_DE',
    name: 'Deutsche Bank',
    countryCode: 'DE',
    bic: 'DEUTDEBBXXX',
    ibanBankId: '10070000',
    initials: 'DB',
    background: '#0018A8',
    foreground: '#FFFFFF',
  },
  {
    code: 'COMMERZBANK_DE',
    name: 'Commerzbank',
    countryCode: 'DE',
    bic: 'COBADEBBXXX',
    ibanBankId: '10040000',
    initials: 'C',
    background: '#FFCC00',
    foreground: '#002E3C',
  },
  {
    code: 'N26_DE',
    name: 'N26',
    countryCode: 'DE',
    bic: 'NTSBDEB1XXX',
    ibanBankId: '10011001',
    initials: 'N26',
    background: '#36A18B',
    foreground: '#FFFFFF',
  },
  {
    code: 'BNP_PARIBAS_FR',
    name: 'BNP Paribas',
    countryCode: 'FR',
    bic: 'BNPAFRPPXXX',
    ibanBankId: '30004',
    initials: 'BNP',
    background: '#00965E',
    foreground: '#FFFFFF',
  },
  {
    code: 'SOCIETE_GENERALE_FR',
    name: 'Société Générale',
    countryCode: 'FR',
    bic: 'SOGEFRPPXXX',
    ibanBankId: '30003',
    initials: 'SG',
    background: '#E60028',
    foreground: '#FFFFFF',
  },
  {
    code: 'CREDIT_AGRICOLE_FR',
    name: 'Crédit Agricole',
    countryCode: 'FR',
    bic: 'AGRIFRPPXXX',
    ibanBankId: '18206',
    initials: 'CA',
    background: '#007A78',
    foreground: '#FFFFFF',
  },
  {
    code: 'ING_NL',
    name: 'ING Nederland',
    countryCode: 'NL',
    bic: 'INGBNL2AXXX',
    ibanBankId: 'INGB',
    initials: 'ING',
    background: '#FF6200',
    foreground: '#FFFFFF',
  },
  {
    code: 'ABN_AMRO_NL',
    name: 'ABN AMRO',
    countryCode: 'NL',
    bic: 'ABNANL2AXXX',
    ibanBankId: 'ABNA',
    initials: 'AA',
    background: '#009286',
    foreground: '#FFD200',
  },
  {
    code: 'RABOBANK_NL',
    name: 'Rabobank',
    countryCode: 'NL',
    bic: 'RABONL2UXXX',
    ibanBankId: 'RABO',
    initials: 'R',
    background: '#000099',
    foreground: '#FF6600',
  },
  {
    code: 'INTESA_SANPAOLO_IT',
    name: 'Intesa Sanpaolo',
    countryCode: 'IT',
    bic: 'BCITITMMXXX',
    ibanBankId: '03069',
    initials: 'IS',
    background: '#00924B',
    foreground: '#FFFFFF',
  },
  {
    code: 'UNICREDIT_IT',
    name: 'UniCredit',
    countryCode: 'IT',
    bic: 'UNCRITMMXXX',
    ibanBankId: '02008',
    initials: 'UC',
    background: '#E2001A',
    foreground: '#FFFFFF',
  },
  {
    code: 'KBC_BE',
    name: 'KBC',
    countryCode: 'BE',
    bic: 'KREDBEBBXXX',
    ibanBankId: '734',
    initials: 'KBC',
    background: '#00AEEF',
    foreground: '#003665',
  },
  {
    code: 'ERSTE_AT',
    name: 'Erste Bank',
    countryCode: 'AT',
    bic: 'GIBAATWWXXX',
    ibanBankId: '20111',
    initials: 'E',
    background: '#2870ED',
    foreground: '#FFFFFF',
  },
  {
    code: 'REVOLUT_LT',
    name: 'Revolut',
    countryCode: 'LT',
    bic: 'REVOLT21XXX',
    ibanBankId: '32500',
    initials: 'R',
    background: '#191C1F',
    foreground: '#FFFFFF',
  },
  {
    code: 'WISE_BE',
    name: 'Wise',
    countryCode: 'BE',
    bic: 'TRWIBEB1XXX',
    ibanBankId: '967',
    initials: 'W',
    background: '#9FE870',
    foreground: '#163300',
  },
  {
    code: 'MILLENNIUM_BCP_PT',
    name: 'Millennium bcp',
    countryCode: 'PT',
    bic: 'BCOMPTPLXXX',
    ibanBankId: '0033',
    initials: 'M',
    background: '#D1005D',
    foreground: '#FFFFFF',
  },
  {
    code: 'CAIXA_GERAL_PT',
    name: 'Caixa Geral de Depósitos',
    countryCode: 'PT',
    bic: 'CGDIPTPLXXX',
    ibanBankId: '0035',
    initials: 'CGD',
    background: '#0067AC',
    foreground: '#FFFFFF',
  },
  {
    code: 'AIB_IE',
    name: 'AIB',
    countryCode: 'IE',
    bic: 'AIBKIE2DXXX',
    ibanBankId: 'AIBK931152',
    initials: 'AIB',
    background: '#7F2B7B',
    foreground: '#FFFFFF',
  },
];

const FONT_SIZE_BY_LENGTH = [0, 30, 26, 20];

/** A rounded square with the initials, as a `data:` URL, so no trademark is fetched. */
function drawLogo(initials: string, background: string, foreground: string): string {
  const fontSize = FONT_SIZE_BY_LENGTH[initials.length] ?? 16;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${fontSize}" font-weight="700" fill="${foreground}">${initials}</text>` +
    '</svg>';
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const SANDBOX_BANKS: readonly SandboxBank[] = ENTRIES.map((entry) => ({
  code: entry.code,
  name: entry.name,
  countryCode: entry.countryCode,
  bic: entry.bic,
  ibanBankId: entry.ibanBankId,
  brandColour: entry.background,
  brandTextColour: entry.foreground,
  logo: drawLogo(entry.initials, entry.background, entry.foreground),
}));

export function findSandboxBank(code: string): SandboxBank | undefined {
  return SANDBOX_BANKS.find((bank) => bank.code === code);
}
