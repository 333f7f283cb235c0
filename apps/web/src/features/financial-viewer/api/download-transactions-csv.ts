import type { TCsvLinkResponse } from '@app/contracts/financial-viewer';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveLink } from '../../../lib/save-file';
import { toQueryString } from '../utils/search';

export type CsvQuery = Record<string, string | undefined>;

/** The name the browser falls back to; the server's timestamped one takes precedence. */
const FALLBACK_NAME = 'transactions.csv';

/**
 * The filtered transactions as CSV. The app asks for a one-minute link, which checks the
 * filters first (so a mistake shows here, in the user's language), and hands the link to the
 * browser: the file goes to disk as it arrives, with the browser's own progress, instead of
 * whole into the page's memory as a fetched file would.
 */
export async function downloadTransactionsCsv(query: CsvQuery): Promise<TCsvLinkResponse> {
  const link = await apiClient.post<TCsvLinkResponse>(
    `/financialviewer/transaction/filteredCsv/link${toQueryString(query)}`,
  );
  saveLink(link.url, FALLBACK_NAME);
  return link;
}

export function useDownloadTransactionsCsv() {
  return useMutation({ mutationFn: downloadTransactionsCsv });
}
