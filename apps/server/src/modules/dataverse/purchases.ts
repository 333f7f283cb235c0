import {
  INCOMPLETE_EXPIRY_HOURS,
  datasetPriceCents,
  type TPaymentIntentSummary,
  type TPurchase,
  type TPurchaseRequest,
  type TPurchaseResponse,
  type TPurchaseStatus,
  type TPurchasesResponse,
  type TSale,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { PaymentIntent } from '../../platform/payments/gateway.js';
import {
  chargeOneTimeInvoice,
  createOneTimeInvoice,
  findOneTimeInvoice,
  requireOneTimeCheckout,
  requireOneTimePromotion,
  voidOneTimeInvoice,
  type OneTimeInvoice,
} from '../billing/one-time-charges.js';
import {
  findOpenPurchase,
  findPaidPurchaseCovering,
  findPurchase,
  findPurchaseById,
  findPurchases,
  findSales,
  insertPurchase,
  lockTeamOrders,
  type PurchaseRow,
  type PurchaseWithInvoice,
} from './purchase-repository.js';
import { removeDelivery } from './delivery.js';
import { findInstance, findVisibleDataset, type DatasetRow } from './repository.js';

export const DELIVER_PURCHASE_JOB = 'dataverse.deliver_purchase';
export const EXPIRE_PURCHASE_JOB = 'dataverse.expire_purchase';
const HOUR = 3_600_000;

/** The instance (version) a team asks to buy, with its dataset and its number of rows. */
type InstanceOnSale = { dsiId: string; dataset: DatasetRow; numberOfRows: number };

/**
 * A READY version of a dataset the team sees; any other (unknown, not confirmed, of a dataset
 * deleted or invisible to the team) is 404 as if it did not exist.
 */
async function requireVisibleInstance(
  deps: Deps,
  options: { teamId: string; dsiId: string },
): Promise<InstanceOnSale> {
  const instance = await findInstance(deps.db, options.dsiId);
  const dataset =
    instance?.status === 'READY' && instance.datasetId
      ? await findVisibleDataset(deps.db, options.teamId, instance.datasetId)
      : undefined;
  if (!instance || !dataset) {
    throw new AppError('NOT_FOUND', {
      message: 'There is no such version of a dataset.',
      fields: { dsiId: 'validation.invalid' },
    });
  }
  return { dsiId: instance.id, dataset, numberOfRows: instance.numberOfRows ?? 0 };
}

/** On sale: a dataset of another team (or the platform) with a price, and that many rows. */
function assertOnSale(onSale: InstanceOnSale, options: { teamId: string; quantity: number }) {
  const { dataset } = onSale;
  if (dataset.teamId === options.teamId) {
    throw new AppError('BUSINESS_RULE', {
      reason: 'PURCHASE_OWN_DATASET',
      message: 'This dataset is your team’s own: there is nothing to buy.',
    });
  }
  if (dataset.pricingValueCents <= 0) {
    throw new AppError('BUSINESS_RULE', {
      reason: 'DATASET_NOT_FOR_SALE',
      message: 'This dataset is free: it has no price to pay.',
    });
  }
  if (options.quantity > onSale.numberOfRows) {
    throw validationError(
      { quantity: 'validation.invalid' },
      `This version of the dataset has ${String(onSale.numberOfRows)} rows.`,
    );
  }
}

function toIntentSummary(intent: PaymentIntent): TPaymentIntentSummary {
  return {
    status: intent.status,
    clientSecret: intent.clientSecret,
    paymentMethodId: intent.paymentMethodId,
    nextActionUrl: intent.nextActionUrl,
    lastError: intent.lastError,
  };
}

function purchaseStatus(
  invoice: OneTimeInvoice,
  intent: PaymentIntent | undefined,
): TPurchaseStatus {
  if (invoice.status === 'paid') return 'PAID';
  if (invoice.status !== 'open') return 'CANCELED';
  if (intent?.status === 'requires_action') return 'REQUIRES_ACTION';
  if (intent?.status === 'processing') return 'PROCESSING';
  if (intent?.status === 'requires_payment_method' || intent?.status === 'canceled') {
    return 'PAYMENT_FAILED';
  }
  return 'PENDING';
}

/** An unpaid purchase's intent says where its payment stands; a paid or void one needs none. */
async function currentIntent(
  deps: Deps,
  invoice: OneTimeInvoice,
): Promise<PaymentIntent | undefined> {
  if (invoice.status !== 'open' || !invoice.paymentIntentId) return undefined;
  return deps.payments.getPaymentIntent(invoice.paymentIntentId);
}

async function present(deps: Deps, row: PurchaseWithInvoice): Promise<TPurchase> {
  const { purchase, invoice } = row;
  const intent = await currentIntent(deps, invoice);
  return {
    id: purchase.id,
    dsiId: purchase.dsiId,
    datasetId: purchase.datasetId,
    datasetName: purchase.datasetName,
    providerName: purchase.providerName,
    quantity: purchase.quantity,
    pricingBase: purchase.pricingBase,
    pricingValue: purchase.pricingValueCents,
    datasetPrice: purchase.priceCents,
    description: purchase.description,
    status: purchaseStatus(invoice, intent),
    delivery: {
      status: purchase.deliveryStatus,
      rows: purchase.deliveryRows,
      columns: purchase.deliveryColumns,
    },
    invoice: {
      id: invoice.id,
      number: invoice.number,
      subtotal: invoice.subtotalCents,
      discount: invoice.discountCents,
      tax: invoice.taxCents,
      taxRate: invoice.taxRateBasisPoints / 100,
      total: invoice.totalCents,
    },
    paymentIntent: intent ? toIntentSummary(intent) : null,
    createdAt: purchase.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
  };
}

async function respond(
  deps: Deps,
  options: { teamId: string; purchaseId: string; intent: PaymentIntent | undefined },
): Promise<TPurchaseResponse> {
  const row = await findPurchase(deps.db, options.teamId, options.purchaseId);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    purchase: await present(deps, row),
    clientSecret: options.intent?.clientSecret ?? null,
    paymentStatus: options.intent?.status ?? null,
  };
}

function normalizedCode(code: string | undefined): string | null {
  return code ? code.trim().toUpperCase() : null;
}

/** The same order submitted again: same version, rows and promotion code. */
function isSameOrder(purchase: PurchaseRow, request: TPurchaseRequest): boolean {
  return (
    purchase.quantity === request.quantity &&
    purchase.promotionCode === normalizedCode(request.promotionCode)
  );
}

/**
 * A double submit, or a new try after a refused payment: the open order is charged again
 * unless its charge is paid or on its way with the same method (awaiting 3-D Secure, a SEPA
 * debit), which is answered as it is. One invoice, so one payment, whatever the number of tries.
 */
async function chargeAgain(
  deps: Deps,
  options: { teamId: string; open: PurchaseWithInvoice; paymentMethodId: string },
): Promise<TPurchaseResponse> {
  const { teamId, paymentMethodId } = options;
  const customer = await requireOneTimeCheckout(deps, { teamId, paymentMethodId });
  const invoice = await findOneTimeInvoice(deps, {
    teamId,
    invoiceId: options.open.invoice.id,
  });
  if (!invoice) throw new AppError('NOT_FOUND');
  let intent = invoice.paymentIntentId
    ? await deps.payments.getPaymentIntent(invoice.paymentIntentId)
    : undefined;
  const isOnItsWay =
    intent?.paymentMethodId === paymentMethodId &&
    (intent.status === 'requires_action' || intent.status === 'processing');
  if (invoice.status === 'open' && !isOnItsWay) {
    intent = await chargeOneTimeInvoice(deps, { invoice, customer, paymentMethodId });
  }
  return respond(deps, { teamId, purchaseId: options.open.purchase.id, intent });
}

/**
 * Buys `quantity` rows of a version of a dataset: a one-time invoice (the promotion code, then
 * VAT) charged at once to the team's payment method. The rows are frozen into files of the
 * purchase by a job started with the order, so later changes of the dataset do not reach
 * them; they can be downloaded once the invoice is paid. An order not paid within 23 hours
 * is canceled and its files removed. One open order per team and version: submitting the
 * same order again charges it once; rows the team has paid for already are not sold again.
 */
export async function purchaseDataset(
  deps: Deps,
  options: { teamId: string; request: TPurchaseRequest },
): Promise<TPurchaseResponse> {
  const { teamId, request } = options;
  // Every id is the team's own (404, 400 paymentId) before any rule of the sale is told.
  const onSale = await requireVisibleInstance(deps, { teamId, dsiId: request.dsiId });
  const customer = await requireOneTimeCheckout(deps, {
    teamId,
    paymentMethodId: request.paymentId,
  });
  assertOnSale(onSale, { teamId, quantity: request.quantity });
  // The first rows of a version are sold: a team that paid for these rows already (a double
  // submit after the payment went through) gets that purchase back and is charged nothing.
  const owned = await findPaidPurchaseCovering(deps.db, teamId, {
    dsiId: onSale.dsiId,
    quantity: request.quantity,
  });
  if (owned) {
    const intent = owned.invoice.paymentIntentId
      ? await deps.payments.getPaymentIntent(owned.invoice.paymentIntentId)
      : undefined;
    return respond(deps, { teamId, purchaseId: owned.purchase.id, intent });
  }
  const open = await findOpenPurchase(deps.db, teamId, onSale.dsiId);
  if (open && isSameOrder(open.purchase, request)) {
    return chargeAgain(deps, { teamId, open, paymentMethodId: request.paymentId });
  }
  const promotion = request.promotionCode
    ? await requireOneTimePromotion(deps, { code: request.promotionCode })
    : null;
  // Another order of this version waits for its payment: it gives way to this one.
  if (open) {
    if (!(await voidOneTimeInvoice(deps, { teamId, invoiceId: open.invoice.id }))) {
      throw new AppError('CONFLICT', {
        reason: 'SEPA_PAYMENT_PENDING',
        message: 'A payment of another order of this dataset is on its way: wait until it settles.',
      });
    }
    await removeDelivery(deps, open.purchase);
  }
  const { dataset } = onSale;
  const priceCents = datasetPriceCents({
    pricingValue: dataset.pricingValueCents,
    pricingBase: dataset.pricingBase,
    quantity: request.quantity,
  });
  const created = await deps.db.transaction(async (tx) => {
    await lockTeamOrders(tx, teamId, onSale.dsiId);
    // The same order submitted twice at once: the second finds the first here.
    const concurrent =
      (await findOpenPurchase(tx, teamId, onSale.dsiId)) ??
      (await findPaidPurchaseCovering(tx, teamId, {
        dsiId: onSale.dsiId,
        quantity: request.quantity,
      }));
    if (concurrent) return { concurrent, purchase: undefined };
    const invoice = await createOneTimeInvoice(deps, tx, {
      teamId,
      text: { kind: 'datasetRows', dataset: dataset.name, rows: request.quantity },
      amountCents: priceCents,
      promotion,
    });
    const purchase = await insertPurchase(tx, {
      teamId,
      sellerTeamId: dataset.teamId,
      dsiId: onSale.dsiId,
      datasetId: dataset.id,
      datasetName: dataset.name,
      providerName: dataset.providerName,
      quantity: request.quantity,
      pricingBase: dataset.pricingBase,
      pricingValueCents: dataset.pricingValueCents,
      priceCents,
      description: request.description ?? '',
      promotionCodeId: promotion?.id ?? null,
      promotionCode: normalizedCode(request.promotionCode),
      invoiceId: invoice.id,
      paymentMethodId: request.paymentId,
      createdAt: deps.clock.now(),
    });
    await deps.jobs.enqueue(DELIVER_PURCHASE_JOB, { purchaseId: purchase.id }, { tx });
    await deps.jobs.enqueue(
      EXPIRE_PURCHASE_JOB,
      { purchaseId: purchase.id },
      { tx, runAt: new Date(deps.clock.now().getTime() + INCOMPLETE_EXPIRY_HOURS * HOUR) },
    );
    return { concurrent: undefined, purchase, invoice };
  });
  if (created.concurrent) {
    const isPaid = created.concurrent.invoice.status === 'paid';
    if (!isPaid && !isSameOrder(created.concurrent.purchase, request)) {
      throw new AppError('CONFLICT', {
        reason: 'PAYMENT_STATE_CONFLICT',
        message: 'Another order of this dataset was placed at the same moment.',
      });
    }
    return chargeAgain(deps, {
      teamId,
      open: created.concurrent,
      paymentMethodId: request.paymentId,
    });
  }
  const intent = await chargeOneTimeInvoice(deps, {
    invoice: created.invoice,
    customer,
    paymentMethodId: request.paymentId,
  });
  return respond(deps, { teamId, purchaseId: created.purchase.id, intent });
}

/**
 * POST /dataverse/purchase/{id}/pay: the order paid again after a refused payment (or its
 * authentication retried), with the same or another method of the team: the same invoice,
 * so it is charged once at most; a paid order is answered as it is. A canceled order has
 * nothing to pay (409 PURCHASE_CANCELED): its rows are bought again from the dataset.
 */
export async function payPurchase(
  deps: Deps,
  options: { teamId: string; purchaseId: string; paymentId: string },
): Promise<TPurchaseResponse> {
  const open = await requirePurchase(deps, options);
  if (open.invoice.status !== 'open' && open.invoice.status !== 'paid') {
    throw new AppError('CONFLICT', {
      reason: 'PURCHASE_CANCELED',
      message: 'This order was canceled: buy the rows again from the dataset.',
    });
  }
  return chargeAgain(deps, { teamId: options.teamId, open, paymentMethodId: options.paymentId });
}

export async function requirePurchase(
  deps: Deps,
  options: { teamId: string; purchaseId: string },
): Promise<PurchaseWithInvoice> {
  const row = await findPurchase(deps.db, options.teamId, options.purchaseId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'There is no such purchase of your team.' });
  return row;
}

export async function getPurchase(
  deps: Deps,
  options: { teamId: string; purchaseId: string },
): Promise<TPurchase> {
  return present(deps, await requirePurchase(deps, options));
}

export async function listPurchases(
  deps: Deps,
  options: { teamId: string; page: number; pageSize: number },
): Promise<TPurchasesResponse> {
  const { rows, total } = await findPurchases(deps.db, options.teamId, {
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
  });
  return {
    items: await Promise.all(rows.map((row) => present(deps, row))),
    total,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** The seller team's paid sales, newest first (the buyer is not named). */
export async function listSales(deps: Deps, options: { teamId: string }): Promise<TSale[]> {
  const rows = await findSales(deps.db, options.teamId);
  return rows.map(({ purchase, paidAt }) => ({
    purchaseId: purchase.id,
    dsiId: purchase.dsiId,
    datasetId: purchase.datasetId,
    datasetName: purchase.datasetName,
    quantity: purchase.quantity,
    datasetPrice: purchase.priceCents,
    paidAt: (paidAt ?? purchase.createdAt).toISOString(),
  }));
}

/** Job: an order still unpaid after 23 hours is canceled; its frozen rows go with it. */
export async function expirePurchase(deps: Deps, options: { purchaseId: string }): Promise<void> {
  const row = await findPurchaseById(deps.db, options.purchaseId);
  if (row?.invoice.status !== 'open') return;
  const { purchase } = row;
  if (await voidOneTimeInvoice(deps, { teamId: purchase.teamId, invoiceId: purchase.invoiceId })) {
    await removeDelivery(deps, purchase);
  }
}
