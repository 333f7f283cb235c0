import type { AggregatorTransaction } from '../aggregator.js';
import { cardNumberOf, type AccountKind } from './accounts.js';
import {
  EMPLOYER_SOCIAL_SECURITY_RATE,
  FUEL_MERCHANTS,
  CARD_MERCHANTS,
  GROSS_PER_NET,
  PAYROLL_IRPF_RATE,
  RENT_WITHHOLDING_RATE,
  VAT_RATE,
  WORKER_SOCIAL_SECURITY_RATE,
  createBusinessProfile,
  type BusinessProfile,
  type Counterparty,
  type Employee,
} from './business-profile.js';
import {
  addMonths,
  dayFromParts,
  daysInMonth,
  isWorkingDay,
  lastWorkingDayOfMonth,
  nextWorkingDay,
  parseIsoDate,
  partsOf,
  toIsoDate,
  type DayNumber,
} from './calendar.js';
import { createRandom, stableId, type Random } from './random.js';

/** Revenue by month (January first): a quiet August, a strong end of year. Averages 1. */
const REVENUE_SEASON = [0.9, 0.95, 1.05, 1, 1.05, 1.1, 1, 0.6, 1.05, 1.1, 1.05, 1.15];
/** Electricity by month: heating in winter, air conditioning in July. */
const ELECTRICITY_SEASON = [1.3, 1.2, 1, 0.85, 0.85, 1, 1.35, 1.1, 0.9, 0.85, 1, 1.2];
const MONTH_NAMES = [
  'ENERO',
  'FEBRERO',
  'MARZO',
  'ABRIL',
  'MAYO',
  'JUNIO',
  'JULIO',
  'AGOSTO',
  'SEPTIEMBRE',
  'OCTUBRE',
  'NOVIEMBRE',
  'DICIEMBRE',
];
const WATER_VAT_RATE = 0.1;
const CORPORATE_TAX_RATE = 0.25;
const SAVINGS_WITHHOLDING_RATE = 0.19;
const THOUSAND_EUROS = 100_000;

type Booking = {
  kind: AccountKind;
  day: DayNumber;
  valueDay: DayNumber;
  amount: number;
  description: string;
};

type Entry = Booking & { balance: number; indexInDay: number };

type Accumulators = {
  vatOutput: number;
  vatInput: number;
  payrollIrpf: number;
  rentWithholding: number;
};

type Simulation = {
  seed: string;
  random: Random;
  profile: BusinessProfile;
  cardNumber: string;
  /** Incoming and outgoing transfer wording: each bank words them its own way. */
  wording: 'favor' | 'short';
  startDay: DayNumber;
  employees: Employee[];
  costScale: number;
  revenueScale: number;
  balances: Record<AccountKind, number>;
  entries: Record<AccountKind, Entry[]>;
  planned: Booking[];
  nextPlanned: number;
  quarters: Map<string, Accumulators>;
  /** Revenue minus costs (before VAT) per year, for the corporate tax of the next July. */
  profits: Map<number, number>;
  invoiceCounters: Map<number, number>;
  socialSecurityBase: number;
};

function quarterKey(day: DayNumber): string {
  const { year, month } = partsOf(day);
  return `${year}-${Math.ceil(month / 3)}`;
}

function accumulators(simulation: Simulation, day: DayNumber): Accumulators {
  const key = quarterKey(day);
  let quarter = simulation.quarters.get(key);
  if (!quarter) {
    quarter = { vatOutput: 0, vatInput: 0, payrollIrpf: 0, rentWithholding: 0 };
    simulation.quarters.set(key, quarter);
  }
  return quarter;
}

function addProfit(simulation: Simulation, day: DayNumber, cents: number): void {
  const { year } = partsOf(day);
  simulation.profits.set(year, (simulation.profits.get(year) ?? 0) + cents);
}

function plan(
  simulation: Simulation,
  booking: Omit<Booking, 'valueDay'> & { valueDay?: DayNumber },
): void {
  simulation.planned.push({
    kind: booking.kind,
    day: booking.day,
    valueDay: booking.valueDay ?? booking.day,
    amount: Math.round(booking.amount),
    description: booking.description,
  });
}

/** An expense with VAT: books the gross amount, keeps the VAT to deduct and the cost. */
function planExpense(
  simulation: Simulation,
  booking: Omit<Booking, 'valueDay' | 'amount'> & { baseCents: number; vatRate?: number },
): void {
  const vatRate = booking.vatRate ?? VAT_RATE;
  const vat = Math.round(booking.baseCents * vatRate);
  accumulators(simulation, booking.day).vatInput += vat;
  addProfit(simulation, booking.day, -booking.baseCents);
  plan(simulation, {
    kind: booking.kind,
    day: booking.day,
    description: booking.description,
    amount: -(booking.baseCents + vat),
  });
}

function workingDayIn(year: number, month: number, dayOfMonth: number): DayNumber {
  const day = nextWorkingDay(dayFromParts(year, month, dayOfMonth));
  const last = lastWorkingDayOfMonth(year, month);
  return day > last ? last : day;
}

function randomDayIn(random: Random, year: number, month: number): DayNumber {
  return dayFromParts(year, month, random.integer(1, daysInMonth(year, month)));
}

function pickWeighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let target = random.next() * total;
  for (const item of items) {
    target -= item.weight;
    if (target < 0) return item;
  }
  return random.pick(items);
}

function invoiceNumber(simulation: Simulation, issueDay: DayNumber): string {
  const { year } = partsOf(issueDay);
  const number = (simulation.invoiceCounters.get(year) ?? 0) + 1;
  simulation.invoiceCounters.set(year, number);
  return `FRA ${year}-${String(number).padStart(4, '0')}`;
}

function receiptDescription(
  simulation: Simulation,
  customer: Counterparty,
  invoice: string,
): string {
  return simulation.wording === 'favor'
    ? `TRANSFERENCIA A FAVOR DE ${simulation.profile.companyName} ORDENANTE ${customer.name} CONCEPTO ${invoice}`
    : `TRANSF. RECIBIDA DE ${customer.name} CONCEPTO ${invoice}`;
}

function supplierDescription(
  simulation: Simulation,
  supplier: Counterparty,
  reference: string,
): string {
  return simulation.wording === 'favor'
    ? `TRANSFERENCIA A FAVOR DE ${supplier.name} CONCEPTO FACTURA ${reference}`
    : `TRANSF. EMITIDA A ${supplier.name} CONCEPTO FACTURA ${reference}`;
}

function planReceipts(simulation: Simulation, year: number, month: number): number {
  const { random, profile } = simulation;
  const revenueBase =
    profile.revenueBaseCents *
    simulation.revenueScale *
    (REVENUE_SEASON[month - 1] ?? 1) *
    random.between(0.88, 1.12);
  const count = random.integer(
    Math.max(4, profile.customers.length - 4),
    profile.customers.length + 4,
  );
  const shares = Array.from({ length: count }, () => random.between(0.4, 1.6));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  for (const share of shares) {
    const day = workingDayIn(year, month, random.integer(1, daysInMonth(year, month)));
    const base = Math.round((revenueBase * share) / shareTotal);
    const invoice = invoiceNumber(simulation, day - random.integer(20, 60));
    accumulators(simulation, day).vatOutput += Math.round(base * VAT_RATE);
    addProfit(simulation, day, base);
    plan(simulation, {
      kind: 'checking',
      day,
      valueDay: day + random.pick([0, 0, 1, 2]),
      amount: base * (1 + VAT_RATE),
      description: receiptDescription(simulation, pickWeighted(random, profile.customers), invoice),
    });
  }
  return revenueBase;
}

function planSuppliers(
  simulation: Simulation,
  year: number,
  month: number,
  revenueBase: number,
): void {
  const { random, profile } = simulation;
  const shares = Array.from({ length: random.integer(2, 5) }, () => random.between(0.5, 1.5));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  const total = revenueBase * profile.supplierShare * random.between(0.8, 1.2);
  for (const share of shares) {
    const supplier = pickWeighted(random, profile.suppliers);
    const reference = `${String(year).slice(2)}/${random.integer(100, 9999)}`;
    planExpense(simulation, {
      kind: 'checking',
      day: workingDayIn(year, month, random.integer(1, daysInMonth(year, month))),
      baseCents: Math.round((total * share) / shareTotal),
      description: supplierDescription(simulation, supplier, reference),
    });
  }
}

function planPayroll(simulation: Simulation, year: number, month: number): void {
  const { profile } = simulation;
  const day = lastWorkingDayOfMonth(year, month);
  const isExtraPay = profile.hasExtraPays && (month === 6 || month === 12);
  const period = `${String(month).padStart(2, '0')}/${year}`;
  const payments = simulation.employees.map(
    (employee) => employee.netMonthlyCents * (isExtraPay ? 2 : 1),
  );
  const net = payments.reduce((sum, payment) => sum + payment, 0);
  if (profile.paysPayrollInBatch) {
    const extra = isExtraPay ? ' Y PAGA EXTRA' : '';
    plan(simulation, {
      kind: 'checking',
      day,
      amount: -net,
      description: `PAGO NOMINAS${extra} ${MONTH_NAMES[month - 1] ?? ''} ${year} ${payments.length} EMPLEADOS`,
    });
  } else {
    simulation.employees.forEach((employee, index) => {
      plan(simulation, {
        kind: 'checking',
        day,
        amount: -(payments[index] ?? 0),
        description: `${isExtraPay ? 'NOMINA Y PAGA EXTRA' : 'NOMINA'} ${period} ${employee.name}`,
      });
    });
  }
  const gross = net * GROSS_PER_NET;
  const monthlyNet = simulation.employees.reduce(
    (sum, employee) => sum + employee.netMonthlyCents,
    0,
  );
  accumulators(simulation, day).payrollIrpf += Math.round(gross * PAYROLL_IRPF_RATE);
  simulation.socialSecurityBase = monthlyNet * GROSS_PER_NET * (profile.hasExtraPays ? 14 / 12 : 1);
  addProfit(
    simulation,
    day,
    -(gross + simulation.socialSecurityBase * EMPLOYER_SOCIAL_SECURITY_RATE),
  );
}

/** Contributions of the month before, charged by the TGSS on the last working day. */
function planSocialSecurity(simulation: Simulation, year: number, month: number): void {
  const [previousYear, previousMonth] = addMonths(year, month, -1);
  plan(simulation, {
    kind: 'checking',
    day: lastWorkingDayOfMonth(year, month),
    amount:
      -simulation.socialSecurityBase *
      (EMPLOYER_SOCIAL_SECURITY_RATE + WORKER_SOCIAL_SECURITY_RATE),
    description: `RECIBO SEGUROS SOCIALES TGSS REGIMEN GENERAL ${String(previousMonth).padStart(2, '0')}/${previousYear}`,
  });
}

/** The quarterly returns of the quarter just ended: VAT (303), withholdings (111, 115). */
function planQuarterlyTaxes(simulation: Simulation, year: number, month: number): void {
  const [quarterYear, quarterEndMonth] = addMonths(year, month, -1);
  const quarter = simulation.quarters.get(`${quarterYear}-${Math.ceil(quarterEndMonth / 3)}`);
  if (!quarter) return;
  const label = `${Math.ceil(quarterEndMonth / 3)}T ${quarterYear}`;
  const day = workingDayIn(year, month, 20);
  const vat = quarter.vatOutput - quarter.vatInput;
  if (vat > 0) {
    plan(simulation, {
      kind: 'checking',
      // The fourth quarter's VAT return is due on 30 January, the others on the 20th.
      day: month === 1 ? workingDayIn(year, month, 30) : day,
      amount: -vat,
      description: `PAGO IMPUESTOS AEAT MODELO 303 IVA ${label}`,
    });
  } else {
    accumulators(simulation, dayFromParts(year, month, 1)).vatInput -= vat;
  }
  plan(simulation, {
    kind: 'checking',
    day,
    amount: -quarter.payrollIrpf,
    description: `PAGO IMPUESTOS AEAT MODELO 111 RETENCIONES ${label}`,
  });
  plan(simulation, {
    kind: 'checking',
    day,
    amount: -quarter.rentWithholding,
    description: `PAGO IMPUESTOS AEAT MODELO 115 ALQUILERES ${label}`,
  });
}

function planCorporateTax(simulation: Simulation, year: number): void {
  const profit = simulation.profits.get(year - 1) ?? 0;
  if (profit <= 0) return;
  const day = workingDayIn(year, 7, 25);
  plan(simulation, {
    kind: 'checking',
    day,
    amount: -profit * CORPORATE_TAX_RATE,
    description: `PAGO IMPUESTOS AEAT MODELO 200 IMPUESTO SOCIEDADES ${year - 1}`,
  });
  addProfit(simulation, day, -profit * CORPORATE_TAX_RATE);
}

function planRentAndBills(simulation: Simulation, year: number, month: number): void {
  const { random, profile, costScale } = simulation;
  const rentDay = workingDayIn(year, month, random.integer(1, 5));
  const rentBase = Math.round(profile.rentBaseCents * costScale);
  const withholding = Math.round(rentBase * RENT_WITHHOLDING_RATE);
  accumulators(simulation, rentDay).vatInput += Math.round(rentBase * VAT_RATE);
  accumulators(simulation, rentDay).rentWithholding += withholding;
  addProfit(simulation, rentDay, -rentBase);
  plan(simulation, {
    kind: 'checking',
    day: rentDay,
    amount: -(rentBase * (1 + VAT_RATE) - withholding),
    description: `RECIBO ALQUILER LOCAL ${profile.premises} ${profile.landlord}`,
  });
  planExpense(simulation, {
    kind: 'checking',
    day: workingDayIn(year, month, 9),
    baseCents: Math.round(
      profile.electricityBaseCents *
        costScale *
        (ELECTRICITY_SEASON[month - 1] ?? 1) *
        random.between(0.9, 1.1),
    ),
    description: `RECIBO ${profile.electricity} FACTURA ELECTRICIDAD ${MONTH_NAMES[month - 1] ?? ''}`,
  });
  if (month % 2 === 0) {
    planExpense(simulation, {
      kind: 'checking',
      day: workingDayIn(year, month, 16),
      baseCents: Math.round(profile.waterBaseCents * costScale * random.between(0.85, 1.15)),
      vatRate: WATER_VAT_RATE,
      description: 'RECIBO CANAL DE ISABEL II GESTION SA AGUA',
    });
  }
  planExpense(simulation, {
    kind: 'checking',
    day: workingDayIn(year, month, 20),
    baseCents: Math.round(profile.movistarCents * random.between(0.97, 1.05)),
    description: 'RECIBO TELEFONICA DE ESPAÑA SAU MOVISTAR EMPRESAS',
  });
  if (profile.vodafoneCents !== null) {
    planExpense(simulation, {
      kind: 'checking',
      day: workingDayIn(year, month, 11),
      baseCents: Math.round(profile.vodafoneCents * random.between(0.95, 1.1)),
      description: 'RECIBO VODAFONE ESPAÑA SAU LINEAS MOVILES',
    });
  }
  planExpense(simulation, {
    kind: 'checking',
    day: workingDayIn(year, month, 5),
    baseCents: Math.round(profile.advisorFeeCents * costScale),
    description: `RECIBO ${profile.advisor} HONORARIOS ${MONTH_NAMES[month - 1] ?? ''}`,
  });
  if (month === profile.insuranceMonth) {
    const day = workingDayIn(year, month, 10);
    const amount = Math.round(profile.insuranceCents * costScale);
    addProfit(simulation, day, -amount);
    plan(simulation, {
      kind: 'checking',
      day,
      amount: -amount,
      description: `RECIBO ${profile.insurer} POLIZA ANUAL`,
    });
  }
}

function planBankFees(simulation: Simulation, year: number, month: number): void {
  const fee = simulation.profile.bankFeeCents;
  if (fee === 0) return;
  const day = dayFromParts(year, month, daysInMonth(year, month));
  addProfit(simulation, day, -fee);
  plan(simulation, { kind: 'checking', day, amount: -fee, description: 'COMISION MANTENIMIENTO' });
}

function planCard(simulation: Simulation, year: number, month: number): void {
  const { random, profile } = simulation;
  const owed = -simulation.balances.card;
  if (owed > 0) {
    const day = workingDayIn(year, month, 1);
    plan(simulation, {
      kind: 'checking',
      day,
      amount: -owed,
      description: `LIQUIDACION TARJETA CREDITO ${simulation.cardNumber}`,
    });
    plan(simulation, {
      kind: 'card',
      day,
      amount: owed,
      description: 'LIQUIDACION TARJETA CREDITO CARGO EN CUENTA',
    });
  }
  for (const subscription of profile.subscriptions) {
    planExpense(simulation, {
      kind: 'card',
      day: dayFromParts(year, month, subscription.dayOfMonth),
      baseCents: Math.round(subscription.cents / (1 + VAT_RATE)),
      description: subscription.description,
    });
  }
  let spent = 0;
  const budget = profile.cardSpendCents * random.between(0.7, 1.3) * (month === 8 ? 0.6 : 1);
  while (spent < budget) {
    const merchant = pickWeighted(random, CARD_MERCHANTS);
    const amount = random.integer(merchant.minCents, merchant.maxCents);
    const day = randomDayIn(random, year, month);
    planExpense(simulation, {
      kind: 'card',
      day,
      baseCents: Math.round(amount / (1 + VAT_RATE)),
      description: merchant.description,
    });
    if (random.chance(0.03)) {
      plan(simulation, {
        kind: 'card',
        day: Math.min(
          day + random.integer(2, 6),
          dayFromParts(year, month, daysInMonth(year, month)),
        ),
        amount,
        description: `DEVOLUCION ${merchant.description}`,
      });
      addProfit(simulation, day, amount / (1 + VAT_RATE));
    }
    spent += amount;
  }
  for (let fuelled = 0; fuelled < profile.fuelSpendCents;) {
    const amount = random.integer(4_000, 9_500);
    planExpense(simulation, {
      kind: 'card',
      day: randomDayIn(random, year, month),
      baseCents: Math.round(amount / (1 + VAT_RATE)),
      description: random.pick(FUEL_MERCHANTS),
    });
    fuelled += amount;
  }
}

/** What a real statement has besides the business: cash, small reimbursements. */
function planNoise(simulation: Simulation, year: number, month: number): void {
  const { random, profile } = simulation;
  if (random.chance(0.2)) {
    plan(simulation, {
      kind: 'checking',
      day: randomDayIn(random, year, month),
      amount: -random.integer(5, 30) * 1_000,
      description: 'REINTEGRO EFECTIVO CAJERO',
    });
  }
  if (random.chance(0.1)) {
    plan(simulation, {
      kind: 'checking',
      day: workingDayIn(year, month, random.integer(1, 28)),
      amount: random.integer(100, 900) * 100,
      description: 'INGRESO EFECTIVO EN OFICINA',
    });
  }
  if (random.chance(0.25)) {
    const day = workingDayIn(year, month, random.integer(1, 28));
    const amount = random.integer(3_000, 25_000);
    addProfit(simulation, day, -amount);
    plan(simulation, {
      kind: 'checking',
      day,
      amount: -amount,
      description: `TRANSF. INMEDIATA A ${profile.ownerName} CONCEPTO REEMBOLSO GASTOS`,
    });
  }
}

/** Each January: salaries and rent follow inflation, revenue a little more. */
function startYear(simulation: Simulation): void {
  const { random } = simulation;
  const raise = random.between(0.015, 0.035);
  simulation.costScale *= 1 + raise;
  simulation.revenueScale *= 1 + raise + simulation.profile.yearlyGrowth * 0.5;
  simulation.employees = simulation.employees.map((employee) => ({
    ...employee,
    netMonthlyCents: Math.round(employee.netMonthlyCents * (1 + raise)),
  }));
}

function planMonth(simulation: Simulation, year: number, month: number): void {
  simulation.planned = [];
  simulation.nextPlanned = 0;
  if (month === 1 && dayFromParts(year, 1, 1) !== simulation.startDay) startYear(simulation);
  const revenueBase = planReceipts(simulation, year, month);
  planSuppliers(simulation, year, month, revenueBase);
  planCard(simulation, year, month);
  planRentAndBills(simulation, year, month);
  planPayroll(simulation, year, month);
  planSocialSecurity(simulation, year, month);
  if (month % 3 === 1) planQuarterlyTaxes(simulation, year, month);
  if (month === 7) planCorporateTax(simulation, year);
  planBankFees(simulation, year, month);
  planNoise(simulation, year, month);
  simulation.planned.sort((first, second) => first.day - second.day);
}

function book(simulation: Simulation, booking: Booking): void {
  const entries = simulation.entries[booking.kind];
  const previous = entries.at(-1);
  const balance = simulation.balances[booking.kind] + booking.amount;
  simulation.balances[booking.kind] = balance;
  const indexInDay = previous?.day === booking.day ? previous.indexInDay + 1 : 0;
  entries.push({
    kind: booking.kind,
    day: booking.day,
    valueDay: booking.valueDay,
    amount: booking.amount,
    description: booking.description,
    balance,
    indexInDay,
  });
}

function transfer(
  simulation: Simulation,
  day: DayNumber,
  toSavings: boolean,
  amount: number,
): void {
  book(simulation, {
    kind: 'checking',
    day,
    valueDay: day,
    amount: toSavings ? -amount : amount,
    description: toSavings ? 'TRASPASO A CTA. AHORRO' : 'TRASPASO DESDE CTA. AHORRO',
  });
  book(simulation, {
    kind: 'savings',
    day,
    valueDay: day,
    amount: toSavings ? amount : -amount,
    description: toSavings ? 'TRASPASO DESDE CTA. CORRIENTE' : 'TRASPASO A CTA. CORRIENTE',
  });
}

function monthlyTurnover(simulation: Simulation): number {
  return simulation.profile.revenueBaseCents * simulation.revenueScale * (1 + VAT_RATE);
}

/** Before the day's payments go out, the owner moves money back from savings when short. */
function topUpChecking(simulation: Simulation, day: DayNumber): void {
  let outgoing = 0;
  for (let index = simulation.nextPlanned; simulation.planned[index]?.day === day; index++) {
    const booking = simulation.planned[index];
    if (booking?.kind === 'checking' && booking.amount < 0) outgoing += booking.amount;
  }
  const projected = simulation.balances.checking + outgoing;
  const floor = monthlyTurnover(simulation) * 0.15;
  if (projected >= floor) return;
  const wanted =
    Math.ceil((monthlyTurnover(simulation) * 0.5 - projected) / THOUSAND_EUROS) * THOUSAND_EUROS;
  const available = Math.floor(simulation.balances.savings / THOUSAND_EUROS) * THOUSAND_EUROS;
  const amount = Math.min(wanted, available);
  if (amount > 0) transfer(simulation, day, false, amount);
}

/** Mid-month, what the business does not need moves to the savings account. */
function sweepToSavings(simulation: Simulation, day: DayNumber): void {
  const turnover = monthlyTurnover(simulation);
  if (simulation.balances.checking < turnover * 2) return;
  const amount =
    Math.floor((simulation.balances.checking - turnover * 1.3) / THOUSAND_EUROS) * THOUSAND_EUROS;
  if (amount > 0) transfer(simulation, day, true, amount);
}

function creditSavingsInterest(simulation: Simulation, day: DayNumber): void {
  const interest = Math.round((simulation.balances.savings * simulation.profile.savingsRate) / 4);
  if (interest <= 0) return;
  book(simulation, {
    kind: 'savings',
    day,
    valueDay: day,
    amount: interest,
    description: 'LIQUIDACION INTERESES CUENTA AHORRO',
  });
  const withholding = Math.round(interest * SAVINGS_WITHHOLDING_RATE);
  if (withholding > 0) {
    book(simulation, {
      kind: 'savings',
      day,
      valueDay: day,
      amount: -withholding,
      description: 'RETENCION IRPF RENDIMIENTOS CAPITAL MOBILIARIO',
    });
  }
  addProfit(simulation, day, interest);
}

function simulateDay(simulation: Simulation, day: DayNumber): void {
  const { year, month, dayOfMonth } = partsOf(day);
  if (dayOfMonth === 1) planMonth(simulation, year, month);
  if (isWorkingDay(day)) topUpChecking(simulation, day);
  for (; simulation.planned[simulation.nextPlanned]?.day === day; simulation.nextPlanned++) {
    const booking = simulation.planned[simulation.nextPlanned];
    if (booking && booking.amount !== 0) book(simulation, booking);
  }
  if (day === workingDayIn(year, month, 15)) sweepToSavings(simulation, day);
  if (month % 3 === 0 && dayOfMonth === daysInMonth(year, month))
    creditSavingsInterest(simulation, day);
}

/** The first day of the history: the first of a month two to three years before the anchor. */
function historyStart(seed: string, anchorDay: DayNumber): DayNumber {
  const random = createRandom(`${seed}:start`);
  const { year, month } = partsOf(anchorDay - 730 - random.integer(0, 365));
  return dayFromParts(year, month, 1);
}

function createSimulation(seed: string, anchorDay: DayNumber): Simulation {
  const random = createRandom(seed);
  const profile = createBusinessProfile(random);
  const startDay = historyStart(seed, anchorDay);
  return {
    seed,
    random,
    profile,
    cardNumber: cardNumberOf(seed),
    wording: random.chance(0.5) ? 'favor' : 'short',
    startDay,
    employees: profile.employees,
    costScale: 1,
    revenueScale: 1,
    balances: {
      checking: profile.checkingOpeningCents,
      savings: profile.savingsOpeningCents,
      card: 0,
    },
    entries: { checking: [], savings: [], card: [] },
    planned: [],
    nextPlanned: 0,
    quarters: new Map(),
    profits: new Map(),
    invoiceCounters: new Map(),
    socialSecurityBase:
      profile.employees.reduce((sum, employee) => sum + employee.netMonthlyCents, 0) *
      GROSS_PER_NET *
      (profile.hasExtraPays ? 14 / 12 : 1),
  };
}

export type HistoryOptions = {
  /** What makes one business differ from another: the consent's id. */
  seed: string;
  /**
   * The day the history is anchored to (the consent's creation day): it starts two to three
   * years before. Together with the seed it fixes every transaction, whatever `until` is.
   */
  anchorDate: string;
  /** The last day to generate ("today"), ISO yyyy-mm-dd. */
  until: string;
};

/** One simulated business, up to a day: its accounts' transactions and closing balances. */
export type BusinessHistory = {
  /** The first day of the history. */
  startDate: string;
  /** Each account's balance at the end of `until`. */
  balances: Record<AccountKind, number>;
  /** One account's booked transactions from `since` (inclusive), oldest first. */
  transactions(kind: AccountKind, since: string): AggregatorTransaction[];
};

function toTransaction(simulation: Simulation, entry: Entry): AggregatorTransaction {
  const operationDate = toIsoDate(entry.day);
  return {
    externalId: stableId(
      'tx',
      simulation.seed,
      entry.kind,
      operationDate,
      String(entry.indexInDay),
    ),
    amount: entry.amount,
    balance: entry.balance,
    description: entry.description,
    operationDate,
    valueDate: toIsoDate(entry.valueDay),
  };
}

/**
 * Simulates the business day by day from a start fixed by the seed and anchor, so a later
 * `until` only adds days: the transactions of the days already given, and their ids, stay.
 */
export function generateHistory(options: HistoryOptions): BusinessHistory {
  const anchorDay = parseIsoDate(options.anchorDate);
  const untilDay = parseIsoDate(options.until);
  if (anchorDay === undefined || untilDay === undefined) {
    throw new RangeError('dates must be ISO yyyy-mm-dd');
  }
  const simulation = createSimulation(options.seed, anchorDay);
  for (let day = simulation.startDay; day <= untilDay; day++) simulateDay(simulation, day);
  return {
    startDate: toIsoDate(simulation.startDay),
    balances: { ...simulation.balances },
    transactions: (kind, since) => {
      const sinceDay = parseIsoDate(since);
      if (sinceDay === undefined) throw new RangeError('dates must be ISO yyyy-mm-dd');
      return simulation.entries[kind]
        .filter((entry) => entry.day >= sinceDay)
        .map((entry) => toTransaction(simulation, entry));
    },
  };
}
