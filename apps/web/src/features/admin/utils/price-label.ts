import type { TAdminPrice, TAdminProduct } from '@app/contracts/admin';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../../components/form/form-select';
import { formatEuroCents } from '../../../lib/format';

/** "29,00 € · Monthly", with "· custom" for a price of one team alone. */
export function getPriceLabel(t: TFunction, price: TAdminPrice): string {
  const values = {
    price: formatEuroCents(price.price),
    interval: t(`admin.billing.intervals.${price.interval}`),
  };
  return price.teamId === null
    ? t('admin.billing.priceLabel', values)
    : t('admin.billing.customPriceLabel', values);
}

/** Every price of the products, named with its product: "LegalMind Basic · 29,00 € · Monthly". */
export function getProductPriceOptions(t: TFunction, products: TAdminProduct[]): SelectOption[] {
  return products.flatMap((product) =>
    product.prices.map((price) => ({
      value: price.priceId,
      label: `${product.productName} · ${getPriceLabel(t, price)}`,
    })),
  );
}
