/** The languages every category name is given in (the web app's locales). */
export type CategoryNames = { 'en-US': string; es: string };

export type Subcategory = {
  /** `parentId * 100 + n`: stable, numbered within its parent (spec: category.catId). */
  id: number;
  /** Stable slug, used by the keyword rules. */
  key: string;
  names: CategoryNames;
  /** `#RRGGBB`, a shade of the parent's colour. */
  color: string;
};

export type ParentCategory = {
  /** 1 to 13 in the spec's order (spec: category.parentId). */
  id: number;
  key: string;
  names: CategoryNames;
  color: string;
  subcategories: readonly Subcategory[];
};

/**
 * The 13 parent categories of the spec, each with numbered sub-categories and colours.
 * Built for a Spanish small business: taxes (AEAT), Social Security (TGSS), self-employed
 * contributions, suppliers and professional services sit beside household spending.
 */
export const CATEGORY_TAXONOMY = [
  {
    id: 1,
    key: 'no-category',
    names: { 'en-US': 'No Category', es: 'Sin categoría' },
    color: '#9E9E9E',
    subcategories: [
      {
        id: 101,
        key: 'uncategorized',
        names: { 'en-US': 'Uncategorized', es: 'Sin categorizar' },
        color: '#9E9E9E',
      },
    ],
  },
  {
    id: 2,
    key: 'food-dining',
    names: { 'en-US': 'Food Dining', es: 'Comida y restauración' },
    color: '#FF5722',
    subcategories: [
      {
        id: 201,
        key: 'restaurants',
        names: { 'en-US': 'Restaurants', es: 'Restaurantes' },
        color: '#B23D18',
      },
      {
        id: 202,
        key: 'groceries',
        names: { 'en-US': 'Groceries', es: 'Supermercados y alimentación' },
        color: '#F65421',
      },
      {
        id: 203,
        key: 'bars-cafes',
        names: { 'en-US': 'Bars and Cafes', es: 'Bares y cafeterías' },
        color: '#FF7E56',
      },
      {
        id: 204,
        key: 'fast-food-delivery',
        names: { 'en-US': 'Fast Food and Delivery', es: 'Comida rápida y a domicilio' },
        color: '#FFAB91',
      },
    ],
  },
  {
    id: 3,
    key: 'transportation',
    names: { 'en-US': 'Transportation', es: 'Transporte' },
    color: '#2196F3',
    subcategories: [
      { id: 301, key: 'fuel', names: { 'en-US': 'Fuel', es: 'Combustible' }, color: '#1769AA' },
      { id: 302, key: 'tolls', names: { 'en-US': 'Tolls', es: 'Peajes' }, color: '#1B7AC6' },
      {
        id: 303,
        key: 'parking',
        names: { 'en-US': 'Parking', es: 'Aparcamiento' },
        color: '#1F8BE2',
      },
      {
        id: 304,
        key: 'public-transport',
        names: { 'en-US': 'Public Transport', es: 'Transporte público' },
        color: '#2B9AF4',
      },
      {
        id: 305,
        key: 'taxi',
        names: { 'en-US': 'Taxi and Ride-hailing', es: 'Taxi y VTC' },
        color: '#44A6F5',
      },
      {
        id: 306,
        key: 'vehicle-maintenance',
        names: { 'en-US': 'Vehicle Maintenance', es: 'Mantenimiento del vehículo' },
        color: '#5DB2F6',
      },
      {
        id: 307,
        key: 'vehicle-rental',
        names: { 'en-US': 'Vehicle Rental and Leasing', es: 'Alquiler y renting de vehículos' },
        color: '#77BEF8',
      },
      {
        id: 308,
        key: 'vehicle-taxes-fines',
        names: { 'en-US': 'Vehicle Taxes and Fines', es: 'Impuestos y multas de tráfico' },
        color: '#90CAF9',
      },
    ],
  },
  {
    id: 4,
    key: 'home-office',
    names: { 'en-US': 'Home and Office', es: 'Hogar y oficina' },
    color: '#795548',
    subcategories: [
      { id: 401, key: 'rent', names: { 'en-US': 'Rent', es: 'Alquiler' }, color: '#553C32' },
      {
        id: 402,
        key: 'mortgage',
        names: { 'en-US': 'Mortgage', es: 'Hipoteca' },
        color: '#65473C',
      },
      {
        id: 403,
        key: 'furniture-diy',
        names: { 'en-US': 'Furniture and DIY', es: 'Muebles y bricolaje' },
        color: '#755246',
      },
      {
        id: 404,
        key: 'office-supplies',
        names: { 'en-US': 'Office Supplies', es: 'Material de oficina' },
        color: '#86665A',
      },
      {
        id: 405,
        key: 'software-cloud',
        names: { 'en-US': 'Software and Cloud', es: 'Software y servicios en la nube' },
        color: '#987D73',
      },
      {
        id: 406,
        key: 'cleaning-repairs',
        names: { 'en-US': 'Cleaning and Repairs', es: 'Limpieza y reparaciones' },
        color: '#AA938B',
      },
      {
        id: 407,
        key: 'community-property-tax',
        names: { 'en-US': 'Community Fees and Property Tax', es: 'Comunidad e IBI' },
        color: '#BCAAA4',
      },
    ],
  },
  {
    id: 5,
    key: 'health-personal-care',
    names: { 'en-US': 'Health and Personal Care', es: 'Salud y cuidado personal' },
    color: '#E91E63',
    subcategories: [
      {
        id: 501,
        key: 'pharmacy',
        names: { 'en-US': 'Pharmacy', es: 'Farmacia' },
        color: '#A31545',
      },
      {
        id: 502,
        key: 'medical',
        names: { 'en-US': 'Doctors and Clinics', es: 'Médicos y clínicas' },
        color: '#C81A55',
      },
      {
        id: 503,
        key: 'health-insurance',
        names: { 'en-US': 'Health Insurance', es: 'Seguro médico' },
        color: '#E92266',
      },
      {
        id: 504,
        key: 'gym-fitness',
        names: { 'en-US': 'Gym and Fitness', es: 'Gimnasio y fitness' },
        color: '#ED477F',
      },
      {
        id: 505,
        key: 'hair-beauty',
        names: { 'en-US': 'Hair and Beauty', es: 'Peluquería y estética' },
        color: '#F06A98',
      },
      {
        id: 506,
        key: 'opticians',
        names: { 'en-US': 'Opticians', es: 'Ópticas' },
        color: '#F48EB1',
      },
    ],
  },
  {
    id: 6,
    key: 'leisure-travelling',
    names: { 'en-US': 'Leisure and Travelling', es: 'Ocio y viajes' },
    color: '#9C27B0',
    subcategories: [
      { id: 601, key: 'flights', names: { 'en-US': 'Flights', es: 'Vuelos' }, color: '#6D1B7B' },
      {
        id: 602,
        key: 'accommodation',
        names: { 'en-US': 'Hotels and Accommodation', es: 'Hoteles y alojamiento' },
        color: '#822093',
      },
      {
        id: 603,
        key: 'travel-agencies',
        names: { 'en-US': 'Travel Agencies and Tours', es: 'Agencias de viaje y excursiones' },
        color: '#9726AA',
      },
      {
        id: 604,
        key: 'streaming-subscriptions',
        names: { 'en-US': 'Streaming and Subscriptions', es: 'Streaming y suscripciones' },
        color: '#A63DB8',
      },
      {
        id: 605,
        key: 'culture-events',
        names: { 'en-US': 'Cinema, Shows and Culture', es: 'Cine, espectáculos y cultura' },
        color: '#B359C2',
      },
      { id: 606, key: 'sports', names: { 'en-US': 'Sports', es: 'Deportes' }, color: '#C076CD' },
      {
        id: 607,
        key: 'gambling',
        names: { 'en-US': 'Lottery and Betting', es: 'Loterías y apuestas' },
        color: '#CE93D8',
      },
    ],
  },
  {
    id: 7,
    key: 'purchases',
    names: { 'en-US': 'Purchases', es: 'Compras' },
    color: '#FFC107',
    subcategories: [
      {
        id: 701,
        key: 'online-shopping',
        names: { 'en-US': 'Online Shopping', es: 'Compras online' },
        color: '#B28705',
      },
      {
        id: 702,
        key: 'department-stores',
        names: { 'en-US': 'Department Stores', es: 'Grandes almacenes' },
        color: '#D09D06',
      },
      {
        id: 703,
        key: 'clothing',
        names: { 'en-US': 'Clothing and Footwear', es: 'Ropa y calzado' },
        color: '#EDB306',
      },
      {
        id: 704,
        key: 'electronics',
        names: { 'en-US': 'Electronics and Appliances', es: 'Electrónica y electrodomésticos' },
        color: '#FFC412',
      },
      {
        id: 705,
        key: 'sporting-goods',
        names: { 'en-US': 'Sporting Goods', es: 'Artículos deportivos' },
        color: '#FFCB2E',
      },
      {
        id: 706,
        key: 'tobacco-press',
        names: { 'en-US': 'Tobacco and Newsagents', es: 'Estancos y prensa' },
        color: '#FFD24A',
      },
      {
        id: 707,
        key: 'refunds',
        names: { 'en-US': 'Returns and Refunds', es: 'Devoluciones' },
        color: '#FFD967',
      },
      {
        id: 708,
        key: 'other-purchases',
        names: { 'en-US': 'Other Purchases', es: 'Otras compras' },
        color: '#FFE083',
      },
    ],
  },
  {
    id: 8,
    key: 'family',
    names: { 'en-US': 'Family', es: 'Familia' },
    color: '#CDDC39',
    subcategories: [
      {
        id: 801,
        key: 'family-transfers',
        names: { 'en-US': 'Family Transfers', es: 'Transferencias familiares' },
        color: '#909A28',
      },
      {
        id: 802,
        key: 'education',
        names: { 'en-US': 'Education and Childcare', es: 'Educación y guardería' },
        color: '#C6D537',
      },
      { id: 803, key: 'pets', names: { 'en-US': 'Pets', es: 'Mascotas' }, color: '#D9E467' },
      {
        id: 804,
        key: 'toys-children',
        names: { 'en-US': 'Toys and Children', es: 'Juguetes e infancia' },
        color: '#E6EE9C',
      },
    ],
  },
  {
    id: 9,
    key: 'utilities',
    names: { 'en-US': 'Utilities', es: 'Suministros' },
    color: '#00BCD4',
    subcategories: [
      {
        id: 901,
        key: 'electricity',
        names: { 'en-US': 'Electricity', es: 'Electricidad' },
        color: '#008494',
      },
      { id: 902, key: 'water', names: { 'en-US': 'Water', es: 'Agua' }, color: '#00A2B6' },
      { id: 903, key: 'gas', names: { 'en-US': 'Gas', es: 'Gas' }, color: '#05BDD5' },
      {
        id: 904,
        key: 'telecom',
        names: { 'en-US': 'Telecom and Internet', es: 'Telefonía e internet' },
        color: '#2EC8DC',
      },
      {
        id: 905,
        key: 'security-alarms',
        names: { 'en-US': 'Security and Alarms', es: 'Seguridad y alarmas' },
        color: '#57D3E3',
      },
      {
        id: 906,
        key: 'municipal-services',
        names: { 'en-US': 'Waste and Municipal Services', es: 'Basuras y servicios municipales' },
        color: '#80DEEA',
      },
    ],
  },
  {
    id: 10,
    key: 'miscellaneous-expenses',
    names: { 'en-US': 'Miscellaneous Expenses', es: 'Gastos varios' },
    color: '#607D8B',
    subcategories: [
      {
        id: 1001,
        key: 'cash-withdrawals',
        names: { 'en-US': 'Cash Withdrawals', es: 'Retiradas de efectivo' },
        color: '#435861',
      },
      {
        id: 1002,
        key: 'transfers-sent',
        names: { 'en-US': 'Transfers Sent', es: 'Transferencias enviadas' },
        color: '#4E6671',
      },
      {
        id: 1003,
        key: 'bank-fees',
        names: { 'en-US': 'Bank Fees and Interest', es: 'Comisiones e intereses bancarios' },
        color: '#597481',
      },
      {
        id: 1004,
        key: 'insurance',
        names: { 'en-US': 'Insurance', es: 'Seguros' },
        color: '#678390',
      },
      {
        id: 1005,
        key: 'loans',
        names: { 'en-US': 'Loan Repayments', es: 'Préstamos' },
        color: '#79919D',
      },
      {
        id: 1006,
        key: 'donations',
        names: { 'en-US': 'Donations', es: 'Donativos' },
        color: '#8BA0AA',
      },
      {
        id: 1007,
        key: 'other-taxes',
        names: { 'en-US': 'Other Taxes and Withholdings', es: 'Otros impuestos y retenciones' },
        color: '#9DAFB8',
      },
      {
        id: 1008,
        key: 'other-expenses',
        names: { 'en-US': 'Other Expenses', es: 'Otros gastos' },
        color: '#B0BEC5',
      },
    ],
  },
  {
    id: 11,
    key: 'employees',
    names: { 'en-US': 'Employees', es: 'Empleados' },
    color: '#3F51B5',
    subcategories: [
      { id: 1101, key: 'payroll', names: { 'en-US': 'Payroll', es: 'Nóminas' }, color: '#2C397F' },
      {
        id: 1102,
        key: 'social-security',
        names: { 'en-US': 'Social Security', es: 'Seguridad Social' },
        color: '#3D4EAF',
      },
      {
        id: 1103,
        key: 'employee-expenses',
        names: { 'en-US': 'Travel and Expense Claims', es: 'Dietas y gastos de empleados' },
        color: '#6C7AC6',
      },
      {
        id: 1104,
        key: 'training',
        names: { 'en-US': 'Training', es: 'Formación' },
        color: '#9FA8DA',
      },
    ],
  },
  {
    id: 12,
    key: 'business',
    names: { 'en-US': 'Business', es: 'Negocio' },
    color: '#009688',
    subcategories: [
      { id: 1201, key: 'taxes', names: { 'en-US': 'Taxes', es: 'Impuestos' }, color: '#00695F' },
      {
        id: 1202,
        key: 'self-employed-contributions',
        names: { 'en-US': 'Self-employed Contributions', es: 'Cuota de autónomos' },
        color: '#008175',
      },
      {
        id: 1203,
        key: 'professional-services',
        names: { 'en-US': 'Professional Services', es: 'Servicios profesionales' },
        color: '#05988A',
      },
      {
        id: 1204,
        key: 'suppliers',
        names: { 'en-US': 'Suppliers', es: 'Proveedores' },
        color: '#2EA99D',
      },
      {
        id: 1205,
        key: 'marketing',
        names: { 'en-US': 'Marketing and Advertising', es: 'Marketing y publicidad' },
        color: '#57BAB0',
      },
      {
        id: 1206,
        key: 'shipping',
        names: { 'en-US': 'Shipping and Courier', es: 'Mensajería y envíos' },
        color: '#80CAC4',
      },
    ],
  },
  {
    id: 13,
    key: 'income',
    names: { 'en-US': 'Income', es: 'Ingresos' },
    color: '#4CAF50',
    subcategories: [
      { id: 1301, key: 'salary', names: { 'en-US': 'Salary', es: 'Nómina' }, color: '#357A38' },
      {
        id: 1302,
        key: 'sales',
        names: { 'en-US': 'Sales and Customer Payments', es: 'Ventas y cobros de clientes' },
        color: '#3E8E41',
      },
      {
        id: 1303,
        key: 'interest-dividends',
        names: { 'en-US': 'Interest and Dividends', es: 'Intereses y dividendos' },
        color: '#47A24A',
      },
      {
        id: 1304,
        key: 'cashback',
        names: { 'en-US': 'Cashback and Rewards', es: 'Bonificaciones y cashback' },
        color: '#54B258',
      },
      {
        id: 1305,
        key: 'transfers-received',
        names: { 'en-US': 'Transfers Received', es: 'Transferencias recibidas' },
        color: '#68BC6C',
      },
      {
        id: 1306,
        key: 'benefits-grants',
        names: { 'en-US': 'Benefits and Grants', es: 'Prestaciones y subvenciones' },
        color: '#7DC580',
      },
      {
        id: 1307,
        key: 'tax-refunds',
        names: { 'en-US': 'Tax Refunds', es: 'Devoluciones de impuestos' },
        color: '#91CE94',
      },
      {
        id: 1308,
        key: 'other-income',
        names: { 'en-US': 'Other Income', es: 'Otros ingresos' },
        color: '#A6D7A8',
      },
    ],
  },
] as const satisfies readonly ParentCategory[];

export type CategoryKey = (typeof CATEGORY_TAXONOMY)[number]['subcategories'][number]['key'];

/** A sub-category with its parent, as the categoriser hands it out. */
export type CategoryEntry = { subcategory: Subcategory; parent: ParentCategory };

const ENTRIES_BY_ID = new Map<number, CategoryEntry>();
const ENTRIES_BY_KEY = new Map<string, CategoryEntry>();
for (const parent of CATEGORY_TAXONOMY as readonly ParentCategory[]) {
  for (const subcategory of parent.subcategories) {
    const entry = { subcategory, parent };
    ENTRIES_BY_ID.set(subcategory.id, entry);
    ENTRIES_BY_KEY.set(subcategory.key, entry);
  }
}

/** The sub-category with this id and its parent, or `undefined`. */
export function findCategory(id: number): CategoryEntry | undefined {
  return ENTRIES_BY_ID.get(id);
}

/** The sub-category with this key; keys come from the typed taxonomy, so it always exists. */
export function getCategoryByKey(key: CategoryKey): CategoryEntry {
  const entry = ENTRIES_BY_KEY.get(key);
  if (!entry) throw new Error(`Unknown category key ${key}`);
  return entry;
}
