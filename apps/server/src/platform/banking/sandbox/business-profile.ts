import type { Random } from './random.js';

export type Employee = { name: string; netMonthlyCents: number };
export type Counterparty = { name: string; weight: number };
export type Merchant = { description: string; minCents: number; maxCents: number; weight: number };

/** The made-up small business behind one consent: who it bills, pays and employs. */
export type BusinessProfile = {
  companyName: string;
  customers: Counterparty[];
  suppliers: Counterparty[];
  employees: Employee[];
  /** One "PAGO NOMINAS" transfer a month rather than one per employee. */
  paysPayrollInBatch: boolean;
  /** June and December extra pay ("pagas extra"), the Spanish default. */
  hasExtraPays: boolean;
  ownerName: string;
  landlord: string;
  premises: string;
  rentBaseCents: number;
  electricity: 'IBERDROLA CLIENTES SAU' | 'ENDESA ENERGIA SAU';
  electricityBaseCents: number;
  waterBaseCents: number;
  movistarCents: number;
  vodafoneCents: number | null;
  advisor: string;
  advisorFeeCents: number;
  insurer: string;
  insuranceCents: number;
  insuranceMonth: number;
  cardSpendCents: number;
  fuelSpendCents: number;
  subscriptions: typeof SUBSCRIPTIONS;
  supplierShare: number;
  /** Revenue base (before VAT) of an average month of the first year. */
  revenueBaseCents: number;
  yearlyGrowth: number;
  savingsRate: number;
  checkingOpeningCents: number;
  savingsOpeningCents: number;
  bankFeeCents: number;
};

const COMPANY_NAMES = [
  'ESTUDIO CREATIVO ALBA SL',
  'SERVICIOS TECNICOS LEVANTE SL',
  'DISTRIBUCIONES NORTE SUR SL',
  'CONSULTORIA MERIDIANO SL',
  'INSTALACIONES ELECTRICAS DEL TAJO SL',
  'REFORMAS Y OBRAS CASTELLANA SL',
  'SOLUCIONES INFORMATICAS RETIRO SL',
  'ARQUITECTURA E INTERIORISMO OLIVO SL',
];

const CUSTOMERS = [
  'DISTRIBUCIONES GARCIA SL',
  'TALLERES MARTINEZ E HIJOS SA',
  'GRUPO HOSTELERO LA RIBERA SL',
  'CONSTRUCCIONES HERMANOS RUIZ SL',
  'CLINICA DENTAL SONRISAS SLP',
  'INMOBILIARIA PUERTA DE TOLEDO SL',
  'ASESORES LEGALES BLANCO Y ASOCIADOS SLP',
  'FARMACIA LDA. PILAR MORENO',
  'HOTELES SIERRA NORTE SA',
  'LOGISTICA HENARES SL',
  'PANADERIAS ARTESANAS DEL SUR SL',
  'AUTOESCUELA MOTOR CENTRO SL',
  'COLEGIO SAN ISIDRO SCM',
  'GIMNASIOS ENERGIA VITAL SL',
  'ALIMENTACION HERMANOS LOZANO SL',
  'TRANSPORTES RAPIDOS VALLECAS SL',
  'ACADEMIA DE IDIOMAS OXFORD HOUSE SL',
  'CERVECERIA LA CIBELES SL',
  'OPTICA VISION CLARA SL',
  'AYUNTAMIENTO DE ALCOBENDAS',
  'COMUNIDAD DE PROPIETARIOS C/ PRINCESA 12',
  'VETERINARIOS ASOCIADOS SL',
  'PELUQUERIAS ESTILO SL',
  'TECNOLOGIAS AVANZADAS IBERIA SA',
];

const SUPPLIERS = [
  'SUMINISTROS INDUSTRIALES MADRID SL',
  'PAPELERIA TECNICA ARGANZUELA SL',
  'MATERIALES DE CONSTRUCCION PEREZ SA',
  'INFORMATICA Y REDES CENTRO SL',
  'MENSAJERIA EXPRESS URGENTE SL',
  'LIMPIEZAS INTEGRALES BRILLO SL',
  'IMPRENTA GRAFICAS DEL SUR SL',
  'ELECTRODISTRIBUCION LEGANES SL',
];

const FIRST_NAMES = [
  'MARIA',
  'JOSE',
  'ANTONIO',
  'CARMEN',
  'LAURA',
  'DAVID',
  'LUCIA',
  'JAVIER',
  'ANA',
  'PABLO',
  'ELENA',
  'SERGIO',
  'MARTA',
  'ALEJANDRO',
  'CRISTINA',
  'MANUEL',
  'PAULA',
  'RAUL',
  'ISABEL',
  'IVAN',
];

const SURNAMES = [
  'GARCIA',
  'RODRIGUEZ',
  'GONZALEZ',
  'FERNANDEZ',
  'LOPEZ',
  'MARTINEZ',
  'SANCHEZ',
  'PEREZ',
  'GOMEZ',
  'MARTIN',
  'JIMENEZ',
  'RUIZ',
  'HERNANDEZ',
  'DIAZ',
  'MORENO',
  'ALVAREZ',
  'ROMERO',
  'NAVARRO',
  'TORRES',
  'DOMINGUEZ',
];

const STREETS = [
  'C/ ALCALA 214 LOCAL 2',
  'C/ BRAVO MURILLO 87 LOCAL',
  'PASEO DE LAS DELICIAS 45 BAJO',
  'C/ ARTURO SORIA 120 LOCAL 1',
  'AV. DE AMERICA 33 OFICINA 4',
  'C/ GENERAL RICARDOS 150 LOCAL',
];

const ADVISORS = [
  'ASESORIA FISCAL Y LABORAL GESTIONA SL',
  'GESTORIA ADMINISTRATIVA DEL CARMEN SL',
  'ASESORES CONTABLES CHAMBERI SLP',
];

const INSURERS = [
  'MAPFRE ESPAÑA SEGURO MULTIRRIESGO',
  'MUTUA MADRILEÑA SEGURO COMERCIO',
  'AXA SEGUROS PYME',
];

/** Card purchases, in the way Spanish banks write them on a statement. */
export const CARD_MERCHANTS: Merchant[] = [
  { description: 'COMPRA TARJ. MERCADONA MADRID', minCents: 1_500, maxCents: 12_000, weight: 5 },
  { description: 'COMPRA INTERNET AMAZON.ES', minCents: 1_200, maxCents: 35_000, weight: 6 },
  { description: 'COMPRA INTERNET AMAZON EU SARL', minCents: 900, maxCents: 18_000, weight: 3 },
  {
    description: 'COMPRA TARJ. EL CORTE INGLES MADRID',
    minCents: 2_500,
    maxCents: 40_000,
    weight: 2,
  },
  {
    description: 'COMPRA TARJ. REST. CASA LUCIO MADRID',
    minCents: 4_500,
    maxCents: 22_000,
    weight: 1,
  },
  { description: 'COMPRA TARJ. VIPS GOYA MADRID', minCents: 1_800, maxCents: 9_000, weight: 3 },
  {
    description: 'COMPRA TARJ. REST. LA TAGLIATELLA MADRID',
    minCents: 2_500,
    maxCents: 12_000,
    weight: 2,
  },
  {
    description: 'COMPRA TARJ. CAFETERIA EL PUNTO MADRID',
    minCents: 300,
    maxCents: 2_500,
    weight: 5,
  },
  {
    description: 'COMPRA TARJ. GOIKO CASTELLANA MADRID',
    minCents: 2_000,
    maxCents: 9_500,
    weight: 2,
  },
  {
    description: 'COMPRA TARJ. RENFE VIAJEROS MADRID',
    minCents: 2_500,
    maxCents: 14_000,
    weight: 2,
  },
  { description: 'COMPRA INTERNET VUELING AIRLINES', minCents: 6_000, maxCents: 32_000, weight: 1 },
  {
    description: 'COMPRA TARJ. NH HOTELES BARCELONA',
    minCents: 8_000,
    maxCents: 24_000,
    weight: 1,
  },
  { description: 'COMPRA TARJ. MEDIA MARKT MADRID', minCents: 3_000, maxCents: 60_000, weight: 1 },
  {
    description: 'COMPRA TARJ. LEROY MERLIN ALCOBENDAS',
    minCents: 1_500,
    maxCents: 25_000,
    weight: 1,
  },
  {
    description: 'COMPRA TARJ. EMPARK APARCAMIENTOS MADRID',
    minCents: 300,
    maxCents: 2_800,
    weight: 3,
  },
  { description: 'COMPRA INTERNET CABIFY ESPAÑA', minCents: 900, maxCents: 4_500, weight: 2 },
  { description: 'COMPRA TARJ. CORREOS OFICINA MADRID', minCents: 200, maxCents: 3_500, weight: 1 },
];

export const FUEL_MERCHANTS = [
  'COMPRA TARJ. E.S. REPSOL A-2 KM 12 MADRID',
  'COMPRA TARJ. E.S. REPSOL M-30 MADRID',
  'COMPRA TARJ. CEPSA E.S. ALCOBENDAS',
  'COMPRA TARJ. CEPSA E.S. GETAFE',
];

/** Monthly software subscriptions charged to the card on a fixed day. */
export const SUBSCRIPTIONS: readonly { description: string; cents: number; dayOfMonth: number }[] =
  [
    { description: 'COMPRA INTERNET GOOGLE *WORKSPACE', cents: 6_900, dayOfMonth: 1 },
    { description: 'COMPRA INTERNET MICROSOFT*365 BUSINESS', cents: 4_560, dayOfMonth: 7 },
    { description: 'COMPRA INTERNET ADOBE *CREATIVE CLOUD', cents: 7_259, dayOfMonth: 14 },
  ];

function sumCents(items: readonly { cents: number }[]): number {
  return items.reduce((total, item) => total + item.cents, 0);
}

function cents(random: Random, minEuros: number, maxEuros: number): number {
  return random.integer(minEuros * 100, maxEuros * 100);
}

function personName(random: Random): string {
  const [first, second] = random.sample(SURNAMES, 2);
  return `${random.pick(FIRST_NAMES)} ${first ?? ''} ${second ?? ''}`;
}

/** Pareto-like weights: a few customers bring most of the revenue. */
function counterparties(random: Random, names: readonly string[], count: number): Counterparty[] {
  return random
    .sample(names, count)
    .map((name, index) => ({ name, weight: 1 / (index + 1) ** 0.8 }));
}

/** Employer cost per euro of net pay: IRPF and worker's social security on top, then the employer's. */
export const GROSS_PER_NET = 1 / 0.78;
export const EMPLOYER_SOCIAL_SECURITY_RATE = 0.3;
export const WORKER_SOCIAL_SECURITY_RATE = 0.0635;
export const PAYROLL_IRPF_RATE = 0.15;
export const RENT_WITHHOLDING_RATE = 0.19;
export const VAT_RATE = 0.21;

function monthlyPayrollCostCents(
  profile: Pick<BusinessProfile, 'employees' | 'hasExtraPays'>,
): number {
  const net = profile.employees.reduce((total, employee) => total + employee.netMonthlyCents, 0);
  const pays = profile.hasExtraPays ? 14 / 12 : 1;
  return net * GROSS_PER_NET * (1 + EMPLOYER_SOCIAL_SECURITY_RATE) * pays;
}

/**
 * Draws a business whose revenue covers its costs with a small margin, so its balances drift
 * slowly upwards over the years, as a healthy small company's do.
 */
export function createBusinessProfile(random: Random): BusinessProfile {
  const employees = Array.from({ length: random.integer(3, 8) }, () => ({
    name: personName(random),
    netMonthlyCents: cents(random, 1_350, 2_900),
  }));
  const hasExtraPays = random.chance(0.65);
  const base = {
    companyName: random.pick(COMPANY_NAMES),
    customers: counterparties(random, CUSTOMERS, random.integer(9, 15)),
    suppliers: counterparties(random, SUPPLIERS, random.integer(3, 5)),
    employees,
    paysPayrollInBatch: random.chance(0.4),
    hasExtraPays,
    ownerName: personName(random),
    landlord: personName(random),
    premises: random.pick(STREETS),
    rentBaseCents: cents(random, 900, 3_200),
    electricity: random.pick(['IBERDROLA CLIENTES SAU', 'ENDESA ENERGIA SAU'] as const),
    electricityBaseCents: cents(random, 120, 420),
    waterBaseCents: cents(random, 40, 110),
    movistarCents: cents(random, 90, 220),
    vodafoneCents: random.chance(0.6) ? cents(random, 40, 120) : null,
    advisor: random.pick(ADVISORS),
    advisorFeeCents: cents(random, 120, 300),
    insurer: random.pick(INSURERS),
    insuranceCents: cents(random, 400, 1_200),
    insuranceMonth: random.integer(1, 12),
    cardSpendCents: cents(random, 600, 2_200),
    fuelSpendCents: cents(random, 120, 450),
    subscriptions: random.sample(SUBSCRIPTIONS, random.integer(1, SUBSCRIPTIONS.length)),
    supplierShare: random.between(0.12, 0.3),
    yearlyGrowth: random.between(0, 0.08),
    savingsRate: random.between(0.005, 0.02),
    bankFeeCents: random.pick([0, 1_000, 1_500, 2_500, 3_000]),
  };
  const fixedCostCents =
    monthlyPayrollCostCents(base) +
    base.rentBaseCents +
    base.electricityBaseCents +
    base.waterBaseCents / 2 +
    base.movistarCents +
    (base.vodafoneCents ?? 0) +
    base.advisorFeeCents +
    base.insuranceCents / 12 +
    (base.cardSpendCents + base.fuelSpendCents + sumCents(base.subscriptions)) / (1 + VAT_RATE);
  const margin = random.between(1.05, 1.12);
  const revenueBaseCents = Math.round((fixedCostCents * margin) / (1 - base.supplierShare));
  return {
    ...base,
    revenueBaseCents,
    checkingOpeningCents: Math.round(revenueBaseCents * random.between(1.2, 2)),
    savingsOpeningCents: cents(random, 15_000, 60_000),
  };
}
