import { z } from 'zod';
import { ZPaymentIntentSummary, ZPromotionCodeParams } from './billing.js';
import { VALIDATION } from './common.js';
import { LANGUAGES } from './users.js';

/**
 * Dataverse (spec 001 §1–3, §7, §9): the dataset marketplace. Reference data ("dimensions")
 * are lists of elements ("domels") every team shares; datasets belong to a team, or to the
 * platform for the catalogue a new install starts with.
 */

/** The dimensions of the spec's reference data, by code. */
export const DIMENSION_CODES = {
  REGIONS: '01',
  COUNTRIES: '02',
  INDUSTRIES: '03',
  USE_CASES: '04',
  NATURE: '05',
  ACCESS_TYPE: '07',
  DOMAINS: '10',
  DATASET_USAGE: '11',
} as const;
export const DIMENSION_CODE_LIST = Object.values(DIMENSION_CODES);
/** Nature 002: a synthetic dataset (the details page then shows the disabled Model tab). */
export const NATURE_SYNTHETIC = '002';
export const NATURE_REAL = '001';
/** Price models: free, and per row (price = pricingValue × ceil(rows / pricingBase)). */
export const PRICE_MODEL_FREE = '0001';
export const PRICE_MODEL_PER_ROW = '0003';
export const PRICE_MODELS = [PRICE_MODEL_FREE, PRICE_MODEL_PER_ROW] as const;
/** Rows a buyer is offered when the dataset gives no count (spec §9). */
export const DATAVERSE_DEFAULT_ROWS = 100;
/** Rows of a dataset anyone who may see it can preview; the rest is sold. */
export const DATAVERSE_SAMPLE_ROWS = 20;
export const DATAVERSE_PAGE_SIZE = 20;
export const DATAVERSE_MAX_PAGE_SIZE = 100;
export const DATAVERSE_QUERY_MAX_LENGTH = 200;
/**
 * An instance (a version of a dataset's data, the spec's `dsiId`): UPLOADING until its file
 * is in storage, PROFILING while the job reads it, REVIEW for the seller to check the profile,
 * READY once confirmed (the latest READY one is the dataset's current data), CANCELLED by the
 * seller (its file removed) or FAILED when the file could not be read as a table.
 */
export const INSTANCE_STATUSES = [
  'UPLOADING',
  'PROFILING',
  'REVIEW',
  'READY',
  'CANCELLED',
  'FAILED',
] as const;
export type TInstanceStatus = (typeof INSTANCE_STATUSES)[number];

// --- Reference data ---

/** `es` or `en-US`; without it the answer follows Accept-Language. */
export const ZDataverseLanguageQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

export const ZDimensionCodeParams = z.object({
  code: z.enum(DIMENSION_CODE_LIST, { error: VALIDATION.invalid }),
});

export type TReferenceItem = {
  domelId: string;
  domelCode: string;
  domelDesc: string;
  dimensionCode: string;
  /** The element this one belongs to: a country's region. */
  domelParent: string | null;
  children: TReferenceItem[];
};
export const ZReferenceItem: z.ZodType<TReferenceItem> = z.lazy(() =>
  z.object({
    domelId: z.uuid(),
    domelCode: z.string(),
    domelDesc: z.string(),
    dimensionCode: z.string(),
    domelParent: z.uuid().nullable(),
    children: z.array(ZReferenceItem),
  }),
);
/** A dimension's elements; regions carry their countries as children. */
export const ZDimensionResponse = z.array(ZReferenceItem);
export const ZDimension = z.object({
  dimensionCode: z.string(),
  dimensionDesc: z.string(),
  domels: z.array(ZReferenceItem),
});
export const ZDimensionsResponse = z.array(ZDimension);
export type TDimension = z.infer<typeof ZDimension>;

const ZDescription = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(200, { error: VALIDATION.tooLong });

/** A new element of a dimension, with its description in both languages (administrator). */
export const ZCreateDomainRequest = z.object({
  dimensionCode: z.enum(DIMENSION_CODE_LIST, { error: VALIDATION.invalid }),
  domelCode: z
    .string({ error: VALIDATION.required })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: VALIDATION.invalid }),
  descriptionEn: ZDescription,
  descriptionEs: ZDescription,
  domelParent: z.uuid({ error: VALIDATION.invalid }).nullable().optional(),
});
export type TCreateDomainRequest = z.infer<typeof ZCreateDomainRequest>;
/** An element's descriptions change; its code and dimension stay (datasets refer to it). */
export const ZUpdateDomainRequest = ZCreateDomainRequest.pick({
  descriptionEn: true,
  descriptionEs: true,
});
export type TUpdateDomainRequest = z.infer<typeof ZUpdateDomainRequest>;
export const ZDomelIdParams = z.object({ domelId: z.uuid({ error: VALIDATION.invalid }) });
export const ZDomain = z.object({
  domelId: z.uuid(),
  dimensionCode: z.string(),
  domelCode: z.string(),
  descriptionEn: z.string(),
  descriptionEs: z.string(),
  domelParent: z.uuid().nullable(),
});
export type TDomain = z.infer<typeof ZDomain>;

// --- Catalogue ---

const ZFlag = z
  .enum(['true', 'false'], { error: VALIDATION.invalid })
  .transform((value) => value === 'true');
/** Element codes, comma-separated: `industry=C,K`. */
const ZCodeList = z
  .string()
  .trim()
  .max(200, { error: VALIDATION.tooLong })
  .transform((value) => value.split(',').map((code) => code.trim()))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, { error: VALIDATION.invalid })).max(20));

const MAX_VENDORS = 20;
const VENDOR_NAME_MAX_LENGTH = 200;
/**
 * Provider names, the parameter repeated (`vendor=Acme, S.L.&vendor=Neuron`) so a name may
 * hold a comma; each is trimmed and matched whatever its case, blank ones ignored.
 */
const ZVendorList = z
  .union([z.string(), z.array(z.string())], { error: VALIDATION.invalid })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .map((name) => name.trim())
      .filter((name) => name.length > 0),
  )
  .refine((names) => names.every((name) => name.length <= VENDOR_NAME_MAX_LENGTH), {
    error: VALIDATION.tooLong,
  })
  .refine((names) => names.length <= MAX_VENDORS, { error: VALIDATION.invalid });

export const ZDatasetsQuery = z.object({
  q: z.string().trim().max(DATAVERSE_QUERY_MAX_LENGTH, { error: VALIDATION.tooLong }).optional(),
  industry: ZCodeList.optional(),
  country: ZCodeList.optional(),
  usecase: ZCodeList.optional(),
  vendor: ZVendorList.optional(),
  /** false: leave out the datasets that cost money. */
  includeOnSaleDatasets: ZFlag.default(true),
  /** false: leave out the caller team's own datasets. */
  includeUserDatasets: ZFlag.default(true),
  page: z.coerce.number({ error: VALIDATION.invalid }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: VALIDATION.invalid })
    .int()
    .min(1)
    .max(DATAVERSE_MAX_PAGE_SIZE)
    .default(DATAVERSE_PAGE_SIZE),
  lang: z.enum(LANGUAGES).optional(),
});
export type TDatasetsQuery = z.input<typeof ZDatasetsQuery>;

const ZDomel = z.object({ domelId: z.uuid(), domelCode: z.string(), domelDesc: z.string() });
export type TDomel = z.infer<typeof ZDomel>;

export const ZDatasetCard = z.object({
  datasetId: z.uuid(),
  /** The current instance (latest READY version); null while no version is confirmed. */
  dsiId: z.uuid().nullable(),
  datasetName: z.string(),
  datasetDesc: z.string(),
  providerName: z.string(),
  industries: z.array(ZDomel),
  useCases: z.array(ZDomel),
  country: ZDomel.nullable(),
  nature: ZDomel.nullable(),
  isSynthetic: z.boolean(),
  /** The caller's team owns it. */
  isOwn: z.boolean(),
  isPublished: z.boolean(),
  numberOfRows: z.number().int(),
  numberOfVariables: z.number().int(),
  priceModel: z.enum(PRICE_MODELS),
  pricingBase: z.number().int(),
  /** Euro cents per `pricingBase` rows; 0 is free. */
  pricingValue: z.number().int(),
  qualityScore: z.number().nullable(),
  familyId: z.uuid().nullable(),
  lastUpdateDate: z.string(),
});
export type TDatasetCard = z.infer<typeof ZDatasetCard>;
export const ZDatasetsResponse = z.object({
  items: z.array(ZDatasetCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TDatasetsResponse = z.infer<typeof ZDatasetsResponse>;

/** The providers of the datasets the team can see, sorted, one spelling per name regardless of case. */
export const ZVendorsResponse = z.array(z.string());
export type TVendorsResponse = z.infer<typeof ZVendorsResponse>;

export const ZDatasetIdParams = z.object({ id: z.uuid({ error: VALIDATION.invalid }) });

export const ZDatasetField = z.object({
  dsfName: z.string(),
  dsfType: z.object({ domelDesc: z.string() }),
  uniqueValues: z.number().int(),
  missingValues: z.number().int(),
  dsfReference: z.string().nullable(),
  dsfIstarget: z.boolean(),
  dsfIssensitive: z.boolean(),
  /** The kind of personal data a sensitive column holds (email, phone…), or null. */
  dsfSensitive: z.string().nullable(),
  dsfOrder: z.number().int(),
});
export type TDatasetField = z.infer<typeof ZDatasetField>;

const ZScore = z.object({
  value: z.number().nullable(),
  /** How the score was computed, in the caller's language. */
  domelDesc: z.string(),
});

export const ZFamilyMember = z.object({
  datasetId: z.uuid(),
  datasetName: z.string(),
  fields: z.array(ZDatasetField),
  includeColumns: z.array(z.string()),
  notIncludeColumns: z.array(z.string()),
});

/** A confirmed version of a dataset's data, as buyers see it in the history. */
export const ZDatasetVersion = z.object({
  dsiId: z.uuid(),
  version: z.number().int(),
  numberOfRows: z.number().int(),
  diskSize: z.number().int(),
  /** When the seller confirmed it (ISO instant). */
  confirmedDate: z.string(),
});
export type TDatasetVersion = z.infer<typeof ZDatasetVersion>;

/** The spec's Dataset entry (§3), plus the licence and source of the data. */
export const ZDatasetEntry = z.object({
  /** The current instance (latest READY version); null while no version is confirmed. */
  dsiId: z.uuid().nullable(),
  /** The confirmed versions, newest first. */
  versions: z.array(ZDatasetVersion),
  numberOfRows: z.number().int(),
  pricingBase: z.number().int(),
  pricingValue: z.number().int(),
  diskSize: z.number().int(),
  /** Set once a purchase is being paid; never on the catalogue's read. */
  clientSecret: z.string().nullable(),
  qualityScore: ZScore,
  utilityScore: ZScore,
  sample: z.object({ headers: z.array(z.string()), body: z.array(z.array(z.string())) }),
  datasetFamily: z
    .object({
      familyId: z.uuid(),
      familyName: z.string(),
      familyDescription: z.string(),
      datasets: z.array(ZFamilyMember),
    })
    .nullable(),
  licence: z.object({ name: z.string(), url: z.string().nullable() }),
  source: z.object({ name: z.string(), url: z.string().nullable() }),
  isOwn: z.boolean(),
  isPublished: z.boolean(),
  dataset: z.object({
    datasetId: z.uuid(),
    datasetName: z.string(),
    datasetDesc: z.string(),
    datasetDescAttributes: z.string(),
    datasetDescUsecases: z.string(),
    numberOfVariables: z.number().int(),
    metrics: z.object({ qualityScore: z.number().nullable() }),
    contributors: z.array(z.string()),
    industries: z.array(ZDomel),
    useCases: z.array(ZDomel),
    priceModel: z.object({ domelCode: z.enum(PRICE_MODELS) }),
    /** yyyy-MM-dd is the web app's business (in the user's time zone); ISO instants here. */
    creationDate: z.string(),
    lastUpdateDate: z.string(),
    country: ZDomel.nullable(),
    providerName: z.string(),
    history: z.string(),
    frequency: z.string(),
    metadata: z.array(z.object({ dimensionCode: z.string(), domel: ZDomel })),
    fields: z.array(ZDatasetField),
  }),
});
export type TDatasetEntry = z.infer<typeof ZDatasetEntry>;

// --- The dataset loader and Axon (a team's own data) ---

/** Files the loader takes: one CSV table, or a zip of CSV tables (a family). */
export const LOADER_FILE_EXTENSIONS = ['.csv', '.zip'] as const;
/** The largest file sent in the request itself (multipart); larger ones use a signed address. */
export const LOADER_MULTIPART_MAX_BYTES = 10 * 1024 * 1024;
/** The largest file a signed upload address takes (streamed to storage, never held whole). */
export const LOADER_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The most CSV tables a zip may hold, and the most bytes they may unpack to. */
export const LOADER_ZIP_MAX_FILES = 20;
export const LOADER_ZIP_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** How long a signed upload address stays valid. */
export const LOADER_SIGNED_URL_SECONDS = 15 * 60;
export const LOADER_PRICING_VALUE_MAX = 1_000_000;
export const LOADER_PRICING_BASE_MAX = 1_000_000;

const ZCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: VALIDATION.invalid });
const ZText = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().max(max, { error: VALIDATION.tooLong });

/** The price a seller sets: free, or `pricingValue` euro cents per `pricingBase` rows. */
export const ZDatasetPrice = z
  .object({
    priceModel: z.enum(PRICE_MODELS, { error: VALIDATION.invalid }),
    pricingBase: z.coerce
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(1, { error: VALIDATION.invalid })
      .max(LOADER_PRICING_BASE_MAX, { error: VALIDATION.invalid }),
    pricingValue: z.coerce
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(0, { error: VALIDATION.invalid })
      .max(LOADER_PRICING_VALUE_MAX, { error: VALIDATION.invalid }),
  })
  .superRefine((price, context) => {
    const isFree = price.priceModel === PRICE_MODEL_FREE;
    if (isFree !== (price.pricingValue === 0)) {
      context.addIssue({ code: 'custom', path: ['pricingValue'], message: VALIDATION.invalid });
    }
  });
export type TDatasetPrice = z.infer<typeof ZDatasetPrice>;

/** POST /loader/dataset: a new dataset's metadata; it stays unpublished until published. */
export const ZLoaderDatasetRequest = z
  .object({
    datasetName: ZText(120).min(1, { error: VALIDATION.required }),
    datasetDesc: ZText(2000).min(1, { error: VALIDATION.required }),
    datasetDescAttributes: ZText(4000).default(''),
    datasetDescUsecases: ZText(4000).default(''),
    /** Element codes of dimension 03 and 04. */
    industries: z.array(ZCode).max(10).default([]),
    useCases: z.array(ZCode).max(10).default([]),
    /** ISO 3166-1 code of dimension 02. */
    country: ZCode.nullable().default(null),
    frequency: ZText(100).default(''),
  })
  .and(ZDatasetPrice);
export type TLoaderDatasetRequest = z.input<typeof ZLoaderDatasetRequest>;

export const ZInstanceParams = z.object({
  id: z.uuid({ error: VALIDATION.invalid }),
  inst: z.uuid({ error: VALIDATION.invalid }),
});

export const ZLoaderUploadUrlQuery = z.object({
  fileName: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, { error: VALIDATION.required })
    .max(255, { error: VALIDATION.tooLong })
    .refine(
      (name) => LOADER_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)),
      { error: 'validation.fileType' },
    ),
});

/** A column of an instance as profiled, with the seller's review choices. */
export const ZInstanceField = z.object({
  name: z.string(),
  /** The engine's type (numerical:integer, categorical, datetime, pii:email, …). */
  type: z.string(),
  uniqueValues: z.number().int(),
  missingValues: z.number().int(),
  /** The kind of personal data the values look like (one of `PERSONAL_DATA_KINDS`), or null. */
  personalData: z.string().nullable(),
  isTarget: z.boolean(),
  isSensitive: z.boolean(),
});
export type TInstanceField = z.infer<typeof ZInstanceField>;

export const ZInstance = z.object({
  dsiId: z.uuid(),
  datasetId: z.uuid(),
  version: z.number().int(),
  status: z.enum(INSTANCE_STATUSES),
  fileName: z.string(),
  /** 0–100 while PROFILING. */
  progress: z.number().int(),
  numberOfRows: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  qualityScore: z.number().nullable(),
  fields: z.array(ZInstanceField),
  sample: z.object({ headers: z.array(z.string()), body: z.array(z.array(z.string())) }),
  warnings: z.array(z.string()),
  /** Why profiling failed (FAILED). */
  failure: z.string().nullable(),
  /** The instances of one zip: confirmed or cancelled together. */
  batchId: z.uuid().nullable(),
  createdDate: z.string(),
  confirmedDate: z.string().nullable(),
});
export type TInstance = z.infer<typeof ZInstance>;
export const ZInstancesResponse = z.array(ZInstance);

export const ZLoaderUploadUrlResponse = z.object({
  dsiId: z.uuid(),
  /** Where to PUT the file's bytes; it expires. */
  signedUrl: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type TLoaderUploadUrlResponse = z.infer<typeof ZLoaderUploadUrlResponse>;

/** The column types a seller may give a column in the review (the engine's own, except 'empty'). */
export const INSTANCE_COLUMN_TYPES = [
  'numerical:integer',
  'numerical:float',
  'categorical',
  'boolean',
  'datetime',
  'id',
  'text',
  'pii:email',
  'pii:phone',
  'pii:name',
  'pii:national-id',
  'pii:iban',
  'pii:address',
] as const;
export type TInstanceColumnType = (typeof INSTANCE_COLUMN_TYPES)[number];

/** PUT instance: the seller's review of the profile, column by column (by name). */
export const ZUpdateInstanceRequest = z.object({
  fields: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        type: z.enum(INSTANCE_COLUMN_TYPES, { error: VALIDATION.invalid }).optional(),
        isTarget: z.boolean().optional(),
        isSensitive: z.boolean().optional(),
      }),
    )
    .max(1000),
});
export type TUpdateInstanceRequest = z.infer<typeof ZUpdateInstanceRequest>;

/** POST /loader/relations: a column of a family's dataset refers to another's key. */
export const ZRelationsRequest = z.object({
  relations: z
    .array(
      z.object({
        datasetId: z.uuid({ error: VALIDATION.invalid }),
        column: z.string().min(1).max(200),
        referencedDatasetId: z.uuid({ error: VALIDATION.invalid }),
        referencedColumn: z.string().min(1).max(200),
      }),
    )
    .min(1, { error: VALIDATION.required })
    .max(100),
});
export type TRelationsRequest = z.infer<typeof ZRelationsRequest>;

export const ZPublishRequest = z.object({ isPublished: z.boolean({ error: VALIDATION.invalid }) });

/**
 * A dataset of the team as Axon lists it. DRAFT: no version confirmed yet; PROCESSING: a
 * version is being uploaded, profiled or reviewed; READY: confirmed, not in the catalogue;
 * PUBLISHED: in the catalogue.
 */
export const MY_DATASET_STATUSES = ['DRAFT', 'PROCESSING', 'READY', 'PUBLISHED'] as const;
export const ZMyDataset = z.object({
  datasetId: z.uuid(),
  dsiId: z.uuid().nullable(),
  datasetName: z.string(),
  datasetDesc: z.string(),
  status: z.enum(MY_DATASET_STATUSES),
  isPublished: z.boolean(),
  familyId: z.uuid().nullable(),
  familyName: z.string().nullable(),
  version: z.number().int().nullable(),
  numberOfRows: z.number().int(),
  priceModel: z.enum(PRICE_MODELS),
  pricingBase: z.number().int(),
  pricingValue: z.number().int(),
  qualityScore: z.number().nullable(),
  views: z.number().int(),
  sales: z.number().int(),
  revenue: z.number().int(),
  lastUpdateDate: z.string(),
});
export type TMyDataset = z.infer<typeof ZMyDataset>;
export const ZMyDatasetsResponse = z.object({
  items: z.array(ZMyDataset),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMyDatasetsResponse = z.infer<typeof ZMyDatasetsResponse>;
export const ZMyDatasetsQuery = z.object({
  page: z.coerce.number({ error: VALIDATION.invalid }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: VALIDATION.invalid })
    .int()
    .min(1)
    .max(DATAVERSE_MAX_PAGE_SIZE)
    .default(DATAVERSE_PAGE_SIZE),
});

/** The seller's figures: views by other teams, purchases and revenue (euro cents). */
export const ZSellerMetrics = z.object({
  totals: z.object({
    datasets: z.number().int(),
    published: z.number().int(),
    views: z.number().int(),
    purchases: z.number().int(),
    revenue: z.number().int(),
  }),
  /** The last 30 days, one entry per day (yyyy-MM-dd, UTC). */
  days: z.array(
    z.object({
      day: z.string(),
      views: z.number().int(),
      purchases: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  datasets: z.array(
    z.object({
      datasetId: z.uuid(),
      datasetName: z.string(),
      views: z.number().int(),
      purchases: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TSellerMetrics = z.infer<typeof ZSellerMetrics>;

// --- Purchases and delivery (spec 001 §3 Purchase, §4 buying a dataset; 000 §3 purchase detail) ---

/** Rows a purchase may hold at most; the instance's own row count is the real bound. */
export const PURCHASE_MAX_ROWS = 100_000_000;
export const PURCHASE_DESCRIPTION_MAX_LENGTH = 500;
/** How long a download or report address works. */
export const DATAVERSE_LINK_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_FORMATS = ['csv', 'parquet'] as const;
export type TDownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The per-row price model (spec 001 §5): pricingValue cents for every started `pricingBase` rows. */
export function datasetPriceCents(options: {
  pricingValue: number;
  pricingBase: number;
  quantity: number;
}): number {
  return options.pricingValue * Math.ceil(options.quantity / Math.max(1, options.pricingBase));
}

export const ZPurchaseRequest = z.object({
  /** The instance (version) of the dataset bought. */
  dsiId: z.uuid({ error: VALIDATION.invalid }),
  quantity: z
    .number({ error: VALIDATION.invalid })
    .int({ error: VALIDATION.invalid })
    .min(1, { error: VALIDATION.invalid })
    .max(PURCHASE_MAX_ROWS, { error: VALIDATION.invalid }),
  description: z
    .string()
    .trim()
    .max(PURCHASE_DESCRIPTION_MAX_LENGTH, { error: VALIDATION.tooLong })
    .optional(),
  paymentId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
  promotionCode: ZPromotionCodeParams.shape.code.optional(),
});
export type TPurchaseRequest = z.infer<typeof ZPurchaseRequest>;
/** POST purchase/{id}/pay: an unpaid order paid again, with the same or another method. */
export const ZPayPurchaseRequest = ZPurchaseRequest.pick({ paymentId: true });
export type TPayPurchaseRequest = z.infer<typeof ZPayPurchaseRequest>;

/**
 * Where a purchase stands: its invoice's payment (PENDING until charged, REQUIRES_ACTION while
 * a 3-D Secure challenge waits, PROCESSING while a SEPA debit settles, PAYMENT_FAILED when the
 * method was refused, PAID, CANCELED when the order lapsed unpaid).
 */
export const PURCHASE_STATUSES = [
  'PENDING',
  'REQUIRES_ACTION',
  'PROCESSING',
  'PAYMENT_FAILED',
  'PAID',
  'CANCELED',
] as const;
export type TPurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** The bought rows' files: PREPARING while the job copies them, READY, or FAILED. */
export const DELIVERY_STATUSES = ['PREPARING', 'READY', 'FAILED'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ZPurchase = z.object({
  id: z.uuid(),
  dsiId: z.uuid(),
  /** Null once the seller deleted the dataset: what was bought stays downloadable. */
  datasetId: z.uuid().nullable(),
  datasetName: z.string(),
  providerName: z.string(),
  quantity: z.number().int(),
  pricingBase: z.number().int(),
  pricingValue: z.number().int(),
  /** Cents before the promotion code and VAT. */
  datasetPrice: z.number().int(),
  description: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  delivery: z.object({
    status: z.enum(DELIVERY_STATUSES),
    /** Data rows in the files, once ready. */
    rows: z.number().int().nullable(),
    columns: z.array(z.string()),
  }),
  invoice: z.object({
    id: z.uuid(),
    number: z.string().nullable(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    tax: z.number().int(),
    taxRate: z.number(),
    total: z.number().int(),
  }),
  paymentIntent: ZPaymentIntentSummary.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

/** What a purchase answers, like a checkout: the client secret and the payment's status. */
export const ZPurchaseResponse = z.object({
  purchase: ZPurchase,
  clientSecret: z.string().nullable(),
  paymentStatus: z.string().nullable(),
});
export type TPurchaseResponse = z.infer<typeof ZPurchaseResponse>;

export const ZPurchasesQuery = z.object({
  page: z.coerce.number({ error: VALIDATION.invalid }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: VALIDATION.invalid })
    .int()
    .min(1)
    .max(DATAVERSE_MAX_PAGE_SIZE)
    .default(DATAVERSE_PAGE_SIZE),
});
export const ZPurchasesResponse = z.object({
  items: z.array(ZPurchase),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPurchasesResponse = z.infer<typeof ZPurchasesResponse>;

/** A paid purchase of one of the seller team's datasets (the buyer is not named). */
export const ZSale = z.object({
  purchaseId: z.uuid(),
  dsiId: z.uuid(),
  datasetId: z.uuid().nullable(),
  datasetName: z.string(),
  quantity: z.number().int(),
  /** Cents before the promotion code and VAT. */
  datasetPrice: z.number().int(),
  paidAt: z.string(),
});
export type TSale = z.infer<typeof ZSale>;
export const ZSalesResponse = z.array(ZSale);

export const ZDownloadQuery = z.object({
  format: z.enum(DOWNLOAD_FORMATS, { error: VALIDATION.invalid }).default('csv'),
});
export const ZDownloadResponse = z.object({
  /** A same-origin address that serves the file until `expiresAt`, with no other credential. */
  url: z.string(),
  expiresAt: z.string(),
  format: z.enum(DOWNLOAD_FORMATS),
  fileName: z.string(),
});
export type TDownloadResponse = z.infer<typeof ZDownloadResponse>;

export const ZDatasetReportQuery = z.object({
  dsiId: z.uuid({ error: VALIDATION.invalid }).optional(),
});
/** The report of a version (dsiId): PREPARING while the job builds it, then READY with its address. */
export const ZDatasetReportResponse = z.object({
  dsiId: z.uuid(),
  status: z.enum(['PREPARING', 'READY']),
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TDatasetReportResponse = z.infer<typeof ZDatasetReportResponse>;
