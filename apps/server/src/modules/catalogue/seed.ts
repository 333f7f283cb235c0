import { LEGAL_MIND_MAX_CHARACTERS, annualPriceCents, type NeuronId } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import {
  findPlanId,
  insertMissingNeuron,
  insertMissingPlan,
  insertMissingPrices,
  type CatalogueTranslations,
  fillMissingLimits,
} from './repository.js';

type PlanSeed = {
  code: string;
  name: string;
  description: string;
  translations: CatalogueTranslations;
  rank: number;
  /** Euro cents a month; absent for free and enterprise plans. */
  monthlyCents?: number;
  isFree?: boolean;
  isEnterprise?: boolean;
  numRows?: number;
  numColumns?: number;
  callsLimitMonthly?: number;
  outputsLimitMonthly?: number;
  rowsLimitMonthly?: number;
  numConcurrentJobs?: number;
  numTables?: number;
  maxDocumentCharacters?: number;
};

type NeuronSeed = {
  id: NeuronId;
  name: string;
  description: string;
  translations: CatalogueTranslations;
  imageUrl: string;
  path: string;
  apiPath: string;
  plans: PlanSeed[];
};

const ENTERPRISE: PlanSeed = {
  code: 'ENTERPRISE',
  name: 'Enterprise',
  description: 'Custom limits, dedicated support and on-premise options. Talk to us.',
  translations: {
    es: {
      name: 'Enterprise',
      description: 'Límites a medida, soporte dedicado y opciones on-premise. Habla con nosotros.',
    },
  },
  rank: 9,
  isEnterprise: true,
};

/** The catalogue a new install starts with; afterwards plans and prices are data. */
export const CATALOGUE: NeuronSeed[] = [
  {
    id: 'FinancialViewer',
    name: 'Financial Viewer',
    description:
      'Connect your banks or import statements, categorise transactions and forecast your cashflow.',
    translations: {
      es: {
        name: 'Financial Viewer',
        description:
          'Conecta tus bancos o importa extractos, categoriza movimientos y prevé tu tesorería.',
      },
    },
    imageUrl: '/images/neurons/financial-viewer.svg',
    path: '/neurons/financial-viewer',
    apiPath: '/v1/financial',
    plans: [
      {
        code: 'BASIC',
        name: 'Basic',
        description: 'For a small business with a couple of bank accounts.',
        translations: {
          es: {
            name: 'Básico',
            description: 'Para una pequeña empresa con un par de cuentas bancarias.',
          },
        },
        rank: 1,
        monthlyCents: 1900,
        callsLimitMonthly: 1_000,
        outputsLimitMonthly: 2,
      },
      {
        code: 'PRO',
        name: 'Professional',
        description: 'For growing companies that follow several banks.',
        translations: {
          es: {
            name: 'Profesional',
            description: 'Para empresas en crecimiento que siguen varios bancos.',
          },
        },
        rank: 2,
        monthlyCents: 4900,
        callsLimitMonthly: 10_000,
        outputsLimitMonthly: 10,
      },
      {
        code: 'BUSINESS',
        name: 'Business',
        description: 'For finance teams with many accounts and heavy API use.',
        translations: {
          es: {
            name: 'Business',
            description: 'Para equipos financieros con muchas cuentas y uso intensivo de la API.',
          },
        },
        rank: 3,
        monthlyCents: 14900,
        callsLimitMonthly: 100_000,
        outputsLimitMonthly: 50,
      },
      ENTERPRISE,
    ],
  },
  {
    id: 'LegalMind',
    name: 'LegalMind',
    description:
      'Anonymise court judgments, contracts and letters: names, addresses, ids and numbers.',
    translations: {
      es: {
        name: 'LegalMind',
        description:
          'Anonimiza sentencias, contratos y cartas: nombres, direcciones, documentos de identidad y números.',
      },
    },
    imageUrl: '/images/neurons/legal-mind.svg',
    path: '/anonymizeDocs',
    apiPath: '/v1',
    plans: [
      {
        code: 'FREE',
        name: 'Free Forever',
        description: 'Try the anonymizer on a few documents a month.',
        translations: {
          es: {
            name: 'Gratis para siempre',
            description: 'Prueba el anonimizador con unos pocos documentos al mes.',
          },
        },
        rank: 0,
        isFree: true,
        callsLimitMonthly: 100,
        maxDocumentCharacters: 100_000,
      },
      {
        code: 'BASIC',
        name: 'Basic',
        description: 'For a law firm anonymising documents every day.',
        translations: {
          es: {
            name: 'Básico',
            description: 'Para un despacho que anonimiza documentos a diario.',
          },
        },
        rank: 1,
        monthlyCents: 2900,
        callsLimitMonthly: 2_000,
        maxDocumentCharacters: LEGAL_MIND_MAX_CHARACTERS,
      },
      {
        code: 'PRO',
        name: 'Professional',
        description: 'For publishers and courts with large volumes.',
        translations: {
          es: {
            name: 'Profesional',
            description: 'Para editoriales y tribunales con grandes volúmenes.',
          },
        },
        rank: 2,
        monthlyCents: 9900,
        callsLimitMonthly: 20_000,
        maxDocumentCharacters: LEGAL_MIND_MAX_CHARACTERS,
      },
      ENTERPRISE,
    ],
  },
  {
    id: 'Nucleus',
    name: 'Nucleus (Sinteza)',
    description:
      'Generate synthetic data that keeps the statistics of your tables and protects privacy.',
    translations: {
      es: {
        name: 'Nucleus (Sinteza)',
        description:
          'Genera datos sintéticos que conservan la estadística de tus tablas y protegen la privacidad.',
      },
    },
    imageUrl: '/images/neurons/nucleus.svg',
    path: '/neurons/nucleus',
    apiPath: '/v1/sinteza',
    plans: [
      {
        code: 'FREE',
        name: 'Free Forever',
        description: 'Small tables to try synthetic data.',
        translations: {
          es: {
            name: 'Gratis para siempre',
            description: 'Tablas pequeñas para probar los datos sintéticos.',
          },
        },
        rank: 0,
        isFree: true,
        numRows: 10_000,
        rowsLimitMonthly: 50_000,
        numColumns: 20,
        outputsLimitMonthly: 10,
        numConcurrentJobs: 1,
        numTables: 1,
      },
      {
        code: 'STARTER',
        name: 'Starter',
        description: 'For data teams starting with synthetic data.',
        translations: {
          es: {
            name: 'Starter',
            description: 'Para equipos de datos que empiezan con datos sintéticos.',
          },
        },
        rank: 1,
        monthlyCents: 3900,
        numRows: 100_000,
        rowsLimitMonthly: 1_000_000,
        numColumns: 50,
        outputsLimitMonthly: 50,
        numConcurrentJobs: 2,
        numTables: 3,
      },
      {
        code: 'PRO',
        name: 'Professional',
        description: 'Millions of rows and related tables.',
        translations: {
          es: { name: 'Profesional', description: 'Millones de filas y tablas relacionadas.' },
        },
        rank: 2,
        monthlyCents: 12900,
        numRows: 1_000_000,
        rowsLimitMonthly: 25_000_000,
        numColumns: 200,
        outputsLimitMonthly: 200,
        numConcurrentJobs: 4,
        numTables: 10,
      },
      {
        code: 'BUSINESS',
        name: 'Business',
        description: 'Large tables, many runs and jobs in parallel.',
        translations: {
          es: {
            name: 'Business',
            description: 'Tablas grandes, muchas ejecuciones y trabajos en paralelo.',
          },
        },
        rank: 3,
        monthlyCents: 39900,
        numRows: 10_000_000,
        rowsLimitMonthly: 1_000_000_000,
        numColumns: 500,
        outputsLimitMonthly: 1_000,
        numConcurrentJobs: 8,
        numTables: 25,
      },
      ENTERPRISE,
    ],
  },
];

export function priceId(neuronId: string, planCode: string, interval: 'MONTH' | 'YEAR'): string {
  return `price_${neuronId}_${planCode}_${interval}`.toLowerCase();
}

/**
 * Adds what is missing of the catalogue (with the translations and limits an older install
 * lacks) and leaves what exists alone, so a changed price, plan, translation or limit
 * survives a restart.
 */
export async function seedCatalogue(executor: Executor): Promise<void> {
  await executor.transaction(async (tx) => {
    for (const [position, neuron] of CATALOGUE.entries()) {
      const { plans: planSeeds, ...fields } = neuron;
      await insertMissingNeuron(tx, { ...fields, position });
      for (const { monthlyCents, ...plan } of planSeeds) {
        await insertMissingPlan(tx, { ...plan, neuronId: neuron.id });
        // An install from before a limit has none: it gets the seed's. (A plan meant to take
        // the API's maximum says so with that number rather than null.)
        await fillMissingLimits(tx, {
          neuronId: neuron.id,
          code: plan.code,
          limits: {
            maxDocumentCharacters: plan.maxDocumentCharacters,
            rowsLimitMonthly: plan.rowsLimitMonthly,
          },
        });
        if (monthlyCents === undefined) continue;
        const planId = await findPlanId(tx, { neuronId: neuron.id, code: plan.code });
        if (!planId) throw new Error(`plan ${neuron.id}/${plan.code} was not stored`);
        await insertMissingPrices(tx, [
          {
            id: priceId(neuron.id, plan.code, 'MONTH'),
            planId,
            interval: 'MONTH',
            amountCents: monthlyCents,
          },
          {
            id: priceId(neuron.id, plan.code, 'YEAR'),
            planId,
            interval: 'YEAR',
            amountCents: annualPriceCents(monthlyCents),
          },
        ]);
      }
    }
  });
}
