import {
  PRICE_MODEL_FREE,
  PRICE_MODELS,
  ZDatasetPrice,
  ZLoaderDatasetRequest,
  type TDatasetPrice,
  type TLoaderDatasetRequest,
} from '@app/contracts';
import { z } from 'zod';
import { parseEuroToCents } from '../../../../lib/parse-euro';

/** Rows a price applies to when the seller does not say (the catalogue's usual unit). */
export const DEFAULT_PRICING_BASE = 100;

/** The price as typed: a model, the euro per `pricingBase` rows ("2,50"); free sends none. */
const PRICE_FIELDS = {
  priceModel: z.enum(PRICE_MODELS),
  pricingBase: z.string(),
  pricingValue: z.string(),
};
type PriceInput = {
  priceModel: TDatasetPrice['priceModel'];
  pricingBase: string;
  pricingValue: string;
};

function readPrice(values: PriceInput, context: z.RefinementCtx): z.input<typeof ZDatasetPrice> {
  const isFree = values.priceModel === PRICE_MODEL_FREE;
  const cents = isFree ? 0 : parseEuroToCents(values.pricingValue);
  if (cents === null) {
    context.addIssue({ code: 'custom', path: ['pricingValue'], message: 'axon.validation.euro' });
    return z.NEVER;
  }
  return {
    priceModel: values.priceModel,
    pricingBase: isFree ? String(DEFAULT_PRICING_BASE) : values.pricingBase,
    pricingValue: cents,
  };
}

/** The monetize page's price form: the contract's price, typed in euro. */
export const ZPriceForm = z
  .object(PRICE_FIELDS)
  .transform((values, context) => readPrice(values, context))
  .pipe(ZDatasetPrice);
export type TPriceFormInput = z.input<typeof ZPriceForm>;

/** A stored price as the form shows it ("2,50" for 250 cents). */
export function priceFormValues(price: TDatasetPrice): TPriceFormInput {
  const euros = (price.pricingValue / 100).toFixed(2).replace('.', ',');
  return {
    priceModel: price.priceModel,
    pricingBase: String(price.pricingBase),
    pricingValue: price.priceModel === PRICE_MODEL_FREE ? '' : euros,
  };
}

/**
 * The add-data wizard's metadata: the contract's request, with a country chosen or not ('')
 * and the price typed in euro.
 */
export const ZMetadataForm = z
  .object({
    datasetName: z.string(),
    datasetDesc: z.string(),
    datasetDescAttributes: z.string(),
    datasetDescUsecases: z.string(),
    industries: z.array(z.string()),
    useCases: z.array(z.string()),
    country: z.string(),
    frequency: z.string(),
    ...PRICE_FIELDS,
  })
  .transform((values, context): TLoaderDatasetRequest => ({
    ...values,
    ...readPrice(values, context),
    country: values.country === '' ? null : values.country,
  }))
  .pipe(ZLoaderDatasetRequest);

export type TMetadataFormInput = z.input<typeof ZMetadataForm>;
export type TMetadataFormOutput = z.output<typeof ZMetadataForm> & TLoaderDatasetRequest;

export const METADATA_FORM_DEFAULTS: TMetadataFormInput = {
  datasetName: '',
  datasetDesc: '',
  datasetDescAttributes: '',
  datasetDescUsecases: '',
  industries: [],
  useCases: [],
  country: '',
  frequency: '',
  priceModel: PRICE_MODEL_FREE,
  pricingBase: String(DEFAULT_PRICING_BASE),
  pricingValue: '',
};

/** The server's field names the form shows (a 400's `fields`). */
export const METADATA_SERVER_FIELDS = [
  'datasetName',
  'datasetDesc',
  'datasetDescAttributes',
  'datasetDescUsecases',
  'industries',
  'useCases',
  'country',
  'frequency',
  'priceModel',
  'pricingBase',
  'pricingValue',
] as const;
export const PRICE_SERVER_FIELDS = ['priceModel', 'pricingBase', 'pricingValue'] as const;
