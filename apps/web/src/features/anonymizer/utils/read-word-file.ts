import { VALIDATION } from '@app/contracts/common';
import { WORD_FILE_MAX_BYTES, type TWordFileContent } from '@app/contracts/legal-mind';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** What a Word file gives the page: its plain text (TEXT mode) and its HTML (HTML mode). */
export type WordContent = TWordFileContent;

/**
 * Why a file was not read: not a Word file at all; a file that is damaged; one without text;
 * a Word 97–2003 file above the size the server converts, with more text than the token's plan
 * takes, without a token or with a wrong one (the server converts it for LegalMind token
 * holders), or that could not be sent.
 */
export type WordFileProblem =
  | 'notWord'
  | 'unreadable'
  | 'empty'
  | 'tooLarge'
  | 'planExceeded'
  | 'needsToken'
  | 'invalidToken'
  | 'failed';

export class WordFileError extends Error {
  readonly problem: WordFileProblem;

  constructor(problem: WordFileProblem) {
    super(problem);
    this.name = 'WordFileError';
    this.problem = problem;
  }
}

/** The extensions the file picker offers. */
export const WORD_FILE_ACCEPT = '.doc,.docx';
export const WORD_FILE_MAX_MEGABYTES = WORD_FILE_MAX_BYTES / 1024 / 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: the container of Word 97–2003 documents. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

export function isWordFileName(name: string): boolean {
  return /\.docx?$/i.test(name);
}

/** Images are not text to anonymise, and as data URIs they would swell the request. */
function removeImages(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, '');
}

/** FileReader rather than `Blob.arrayBuffer()`: the same result, and it also runs under jsdom. */
function readArrayBuffer(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(reader.result);
      else reject(new WordFileError('unreadable'));
    };
    reader.onerror = () => {
      reject(new WordFileError('unreadable'));
    };
    reader.readAsArrayBuffer(file);
  });
}

const SERVER_PROBLEMS: Record<string, WordFileProblem> = {
  [VALIDATION.wordFile]: 'notWord',
  [VALIDATION.wordFileUnreadable]: 'unreadable',
  [VALIDATION.wordFileEmpty]: 'empty',
};

/**
 * A Word 97–2003 file is a binary format no maintained library reads in the browser: the
 * server converts it. Other failures (network, session) are the caller's to show.
 */
async function readLegacyWordFile(file: File, token: string): Promise<WordContent> {
  if (file.size > WORD_FILE_MAX_BYTES) throw new WordFileError('tooLarge');
  if (token === '') throw new WordFileError('needsToken');
  const body = new FormData();
  body.append('file', file);
  try {
    return await apiClient.post<WordContent>(
      `/legal-mind/word-file?token=${encodeURIComponent(token)}`,
      // A wrong LegalMind token is not the end of the session.
      { body, signOutOnUnauthorized: false },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw new WordFileError('invalidToken');
    if (error.status === 413) throw new WordFileError('tooLarge');
    if (error.code === 'PLAN_EXCEEDED') throw new WordFileError('planExceeded');
    throw new WordFileError(SERVER_PROBLEMS[error.fields.file ?? ''] ?? 'failed');
  }
}

/**
 * Converts a Word file. The content decides, not the name: a `.docx` renamed `.doc` is still
 * read as one. A `.docx` is converted in the browser with mammoth, loaded only now, in its
 * own chunk, so it never weighs on the pages that do not need it; its standalone browser
 * build (shipped in the package, as its README advises for browsers) is both smaller than
 * bundling its CommonJS sources and the same code that the tests run under Node.
 */
export async function readWordFile(file: File, options: { token: string }): Promise<WordContent> {
  if (!isWordFileName(file.name)) throw new WordFileError('notWord');
  const arrayBuffer = await readArrayBuffer(file);
  const bytes = new Uint8Array(arrayBuffer, 0, Math.min(arrayBuffer.byteLength, 8));
  if (startsWith(bytes, OLE_SIGNATURE)) return readLegacyWordFile(file, options.token.trim());
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new WordFileError('unreadable');

  const { default: mammoth } = await import('mammoth/mammoth.browser.min.js');
  let content: WordContent;
  try {
    const [text, html] = await Promise.all([
      mammoth.extractRawText({ arrayBuffer }),
      mammoth.convertToHtml({ arrayBuffer }),
    ]);
    content = { text: text.value.trim(), html: removeImages(html.value) };
  } catch {
    throw new WordFileError('unreadable');
  }
  if (content.text === '') throw new WordFileError('empty');
  return content;
}
