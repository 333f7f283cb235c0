import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-storage';
import { getLanguage } from '../../../lib/i18n';
import { signOut } from '../../../lib/sign-out';
import { toQueryString } from '../utils/search';
import { saveBlob } from '../../../lib/save-file';

export type CsvQuery = Record<string, string | undefined>;
export type CsvFile = { fileName: string; blob: Blob };

const FALLBACK_NAME = 'transactions.csv';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function readFileName(disposition: string | null): string {
  if (!disposition) return FALLBACK_NAME;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? FALLBACK_NAME;
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    };
    if (body.error?.code) {
      return new ApiError({
        status: response.status,
        code: body.error.code,
        message: body.error.message ?? '',
        fields: body.error.fields,
      });
    }
  } catch {
    // not the API's envelope
  }
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'INTERNAL' : 'UNKNOWN',
    message: '',
  });
}

/**
 * The filtered transactions as CSV. A file, not JSON: fetched here with the session's token
 * (the apiClient parses JSON) and handed back with the server's timestamped name.
 */
export async function downloadTransactionsCsv(query: CsvQuery): Promise<CsvFile> {
  const headers = new Headers({ Accept: 'text/csv', 'Accept-Language': getLanguage() });
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}/financialviewer/transaction/filteredCsv${toQueryString(query)}`,
      { method: 'GET', headers },
    );
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) signOut();
    throw await readError(response);
  }
  return {
    fileName: readFileName(response.headers.get('content-disposition')),
    blob: await response.blob(),
  };
}

/** Offers the file to the browser's download. */
export function saveFile({ fileName, blob }: CsvFile): void {
  saveBlob(blob, fileName);
}

export function useDownloadTransactionsCsv() {
  return useMutation({
    mutationFn: async (query: CsvQuery) => {
      const file = await downloadTransactionsCsv(query);
      saveFile(file);
      return file;
    },
  });
}
