import { vi } from 'vitest';

export type SentUpload = {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

/**
 * Tests only. Replaces XMLHttpRequest (the upload's way, for its progress events) with one that
 * reports half the bytes, then all, then answers `status`; or never answers with `hang`.
 */
export function fakeUpload(options: { status?: number; hang?: boolean } = {}) {
  const sent: SentUpload[] = [];
  const aborted: string[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    #method = '';
    #url = '';
    #headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ method: this.#method, url: this.#url, body, headers: this.#headers });
      if (options.hang === true) {
        setTimeout(() => {
          this.upload.onprogress?.({
            lengthComputable: true,
            loaded: 1,
            total: 4,
          } as ProgressEvent);
        }, 0);
        return;
      }
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 } as ProgressEvent);
        this.status = options.status ?? 204;
        this.responseText =
          this.status >= 400 ? JSON.stringify({ error: { code: 'FORBIDDEN', message: 'x' } }) : '';
        this.onload?.();
      }, 0);
    }
    abort() {
      aborted.push(this.#url);
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return { sent, aborted };
}
