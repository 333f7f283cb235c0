import { API_BASE } from './api-client';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { getToken } from './auth-storage';
import { getLanguage } from './i18n';

export type UploadFileOptions = {
  /** A signed upload address of the API (same origin). */
  signedUrl: string;
  file: Blob;
  /** 0 to 1, as the browser sends the bytes. */
  onProgress: (share: number) => void;
  signal?: AbortSignal;
};

function parseError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as {
      error?: { code?: unknown; message?: unknown; reason?: unknown; fields?: unknown };
    };
    const error = body.error;
    if (typeof error?.code === 'string') {
      return new ApiError({
        status,
        code: error.code,
        message: typeof error.message === 'string' ? error.message : '',
        reason: typeof error.reason === 'string' ? error.reason : undefined,
        fields:
          typeof error.fields === 'object' && error.fields !== null
            ? (error.fields as Record<string, string>)
            : undefined,
      });
    }
  } catch {
    // Not the API's envelope: no server message to keep.
  }
  return new ApiError({ status, code: status >= 500 ? 'INTERNAL' : 'UNKNOWN', message: '' });
}

type SendOptions = {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  headers: Record<string, string>;
  onProgress: (share: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a body with XMLHttpRequest, whose upload events report progress (fetch has none), and
 * resolves with the answer's text. Aborting rejects with an `AbortError`.
 */
function sendWithProgress({ method, url, body, headers, onProgress, signal }: SendOptions) {
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => {
      request.abort();
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(request.responseText);
      } else {
        reject(parseError(request.status, request.responseText));
      }
    };
    request.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: '' }));
    };
    request.onabort = () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort);
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.send(body);
  });
}

/**
 * PUTs the file's raw bytes to its signed address, with progress. The address carries its own
 * signature: no token is sent.
 */
export async function uploadFile({ signedUrl, file, onProgress, signal }: UploadFileOptions) {
  await sendWithProgress({
    method: 'PUT',
    url: signedUrl,
    body: file,
    headers: { 'Content-Type': 'application/octet-stream' },
    onProgress,
    ...(signal ? { signal } : {}),
  });
}

/**
 * POSTs a form (a file in field `file`) to an API path as the signed-in user, with progress,
 * and reads the JSON answer.
 */
export async function postFormWithProgress<T>(options: {
  path: string;
  form: FormData;
  onProgress: (share: number) => void;
  signal?: AbortSignal;
}): Promise<T> {
  const token = getToken();
  const text = await sendWithProgress({
    method: 'POST',
    url: `${API_BASE}${options.path}`,
    body: options.form,
    headers: {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    onProgress: options.onProgress,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return JSON.parse(text) as T;
}
