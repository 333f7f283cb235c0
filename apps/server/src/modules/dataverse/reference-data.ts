import { DIMENSION_CODES, NATURE_REAL, NATURE_SYNTHETIC } from '@app/contracts';
import { continents, countries } from 'countries-list';

/**
 * The reference data a new install starts with (spec 001 §3). Countries are ISO 3166-1 from
 * the maintained `countries-list` package, their region its continent; their names in English
 * and Spanish come from CLDR through `Intl.DisplayNames` (Node's ICU). Industries are the
 * sections of NACE Rev. 2 (Eurostat), in Spanish as CNAE-2009 names them.
 */
export type ElementSeed = { code: string; en: string; es: string; parentCode?: string };
export type DimensionSeed = { code: string; en: string; es: string; elements: ElementSeed[] };

const REGION_NAMES_ES: Record<string, string> = {
  AF: 'África',
  AN: 'Antártida',
  AS: 'Asia',
  EU: 'Europa',
  NA: 'América del Norte',
  OC: 'Oceanía',
  SA: 'América del Sur',
};

const englishNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const spanishNames = new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' });

function regions(): ElementSeed[] {
  return Object.entries(continents).map(([code, en]) => ({
    code,
    en,
    es: REGION_NAMES_ES[code] ?? en,
  }));
}

function countryElements(): ElementSeed[] {
  return Object.entries(countries)
    .map(([code, country]) => ({
      code,
      en: englishNames.of(code) ?? country.name,
      es: spanishNames.of(code) ?? country.name,
      parentCode: country.continent,
    }))
    .sort((a, b) => a.en.localeCompare(b.en, 'en'));
}

const NACE_SECTIONS: ElementSeed[] = [
  {
    code: 'A',
    en: 'Agriculture, forestry and fishing',
    es: 'Agricultura, ganadería, silvicultura y pesca',
  },
  { code: 'B', en: 'Mining and quarrying', es: 'Industrias extractivas' },
  { code: 'C', en: 'Manufacturing', es: 'Industria manufacturera' },
  {
    code: 'D',
    en: 'Electricity, gas, steam and air conditioning supply',
    es: 'Suministro de energía eléctrica, gas, vapor y aire acondicionado',
  },
  {
    code: 'E',
    en: 'Water supply; sewerage, waste management and remediation activities',
    es: 'Suministro de agua, actividades de saneamiento, gestión de residuos y descontaminación',
  },
  { code: 'F', en: 'Construction', es: 'Construcción' },
  {
    code: 'G',
    en: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
    es: 'Comercio al por mayor y al por menor; reparación de vehículos de motor y motocicletas',
  },
  { code: 'H', en: 'Transportation and storage', es: 'Transporte y almacenamiento' },
  { code: 'I', en: 'Accommodation and food service activities', es: 'Hostelería' },
  { code: 'J', en: 'Information and communication', es: 'Información y comunicaciones' },
  {
    code: 'K',
    en: 'Financial and insurance activities',
    es: 'Actividades financieras y de seguros',
  },
  { code: 'L', en: 'Real estate activities', es: 'Actividades inmobiliarias' },
  {
    code: 'M',
    en: 'Professional, scientific and technical activities',
    es: 'Actividades profesionales, científicas y técnicas',
  },
  {
    code: 'N',
    en: 'Administrative and support service activities',
    es: 'Actividades administrativas y servicios auxiliares',
  },
  {
    code: 'O',
    en: 'Public administration and defence; compulsory social security',
    es: 'Administración Pública y defensa; Seguridad Social obligatoria',
  },
  { code: 'P', en: 'Education', es: 'Educación' },
  {
    code: 'Q',
    en: 'Human health and social work activities',
    es: 'Actividades sanitarias y de servicios sociales',
  },
  {
    code: 'R',
    en: 'Arts, entertainment and recreation',
    es: 'Actividades artísticas, recreativas y de entretenimiento',
  },
  { code: 'S', en: 'Other service activities', es: 'Otros servicios' },
  {
    code: 'T',
    en: 'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
    es: 'Actividades de los hogares como empleadores de personal doméstico; actividades de los hogares como productores de bienes y servicios para uso propio',
  },
  {
    code: 'U',
    en: 'Activities of extraterritorial organisations and bodies',
    es: 'Actividades de organizaciones y organismos extraterritoriales',
  },
];

export const DIMENSIONS: DimensionSeed[] = [
  { code: DIMENSION_CODES.REGIONS, en: 'Regions', es: 'Regiones', elements: regions() },
  { code: DIMENSION_CODES.COUNTRIES, en: 'Countries', es: 'Países', elements: countryElements() },
  {
    code: DIMENSION_CODES.INDUSTRIES,
    en: 'Industries (NACE Rev. 2 sections)',
    es: 'Sectores (secciones de la CNAE-2009)',
    elements: NACE_SECTIONS,
  },
  {
    code: DIMENSION_CODES.USE_CASES,
    en: 'Use cases',
    es: 'Casos de uso',
    elements: [
      { code: '001', en: 'Machine learning training', es: 'Entrenamiento de modelos' },
      { code: '002', en: 'Analytics and reporting', es: 'Analítica e informes' },
      { code: '003', en: 'Software testing', es: 'Pruebas de software' },
      { code: '004', en: 'Risk and fraud detection', es: 'Riesgo y detección de fraude' },
      { code: '005', en: 'Customer insight', es: 'Conocimiento del cliente' },
      { code: '006', en: 'Research and education', es: 'Investigación y docencia' },
      { code: '007', en: 'Forecasting', es: 'Previsión' },
    ],
  },
  {
    code: DIMENSION_CODES.NATURE,
    en: 'Nature',
    es: 'Naturaleza',
    elements: [
      { code: NATURE_REAL, en: 'Real data', es: 'Datos reales' },
      { code: NATURE_SYNTHETIC, en: 'Synthetic data', es: 'Datos sintéticos' },
      { code: '003', en: 'Anonymised data', es: 'Datos anonimizados' },
    ],
  },
  {
    code: DIMENSION_CODES.ACCESS_TYPE,
    en: 'Access type',
    es: 'Tipo de acceso',
    elements: [
      { code: '001', en: 'Open', es: 'Abierto' },
      { code: '002', en: 'Paid', es: 'De pago' },
    ],
  },
  {
    code: DIMENSION_CODES.DOMAINS,
    en: 'Domains',
    es: 'Dominios',
    elements: [
      { code: '001', en: 'Finance', es: 'Finanzas' },
      { code: '002', en: 'Demographics', es: 'Demografía' },
      { code: '003', en: 'Environment and climate', es: 'Medio ambiente y clima' },
      { code: '004', en: 'Energy', es: 'Energía' },
      { code: '005', en: 'Life sciences', es: 'Ciencias de la vida' },
      { code: '006', en: 'Retail', es: 'Comercio minorista' },
      { code: '007', en: 'Health', es: 'Salud' },
    ],
  },
  {
    code: DIMENSION_CODES.DATASET_USAGE,
    en: 'Dataset usage',
    es: 'Uso del conjunto de datos',
    elements: [
      { code: '001', en: 'Commercial use', es: 'Uso comercial' },
      { code: '002', en: 'Non-commercial use', es: 'Uso no comercial' },
      { code: '003', en: 'Internal use only', es: 'Solo uso interno' },
    ],
  },
];
