import { FINANCIAL_VIEWER_NEURON } from '@app/contracts/financial-viewer';

export const VIEWER_BASE_PATH = `/neurons/${FINANCIAL_VIEWER_NEURON}`;

/** The neuron's API pages (overview, test, integration, usage, performance). */
export const VIEWER_API_PATH = `${VIEWER_BASE_PATH}/overview`;

/** The tabs' route segments, as the spec names them. */
export const VIEWER_TABS = {
  connections: 'financialConnection',
  accounts: 'financialAccounts',
  transactions: 'financialTransactional',
  categorization: 'categorization',
  cashflow: 'cashflows',
  import: 'import',
  plans: 'plans',
} as const;
export type ViewerTab = keyof typeof VIEWER_TABS;

export function viewerPath(tab: ViewerTab): string {
  return `${VIEWER_BASE_PATH}/${VIEWER_TABS[tab]}`;
}
