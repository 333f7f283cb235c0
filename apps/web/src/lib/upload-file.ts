import { ApiError, NETWORK_ERROR_CODE } from './api-error';

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
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') {
      return new ApiError({
        status,
        code: body.error.code,
        message: typeof body.error.message === 'string' ? body.error.message : '',
      });
    }
  } catch {
    // Not the API's envelope: no server message to keep.
  }
  return new ApiError({ status, code: status >= 500 ? 'INTERNAL' : 'UNKNOWN', message: '' });
}

/**
 * PUTs the file's raw bytes to its signed address with XMLHttpRequest, whose upload events
 * report progress (fetch has none). The address carries its own signature: no token is sent.
 * Aborting rejects with an `AbortError`.
 */
export function uploadFile({ signedUrl, file, onProgress, signal }: UploadFileOptions) {
  return new Promise<void>((resolve, reject) => {
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
        resolve();
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
    request.open('PUT', signedUrl);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.send(file);
  });
}
