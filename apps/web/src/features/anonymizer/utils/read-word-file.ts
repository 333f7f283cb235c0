/** What a Word file gives the page: its plain text (TEXT mode) and its HTML (HTML mode). */
export type WordContent = { text: string; html: string };

/**
 * Why a file was not read: not a Word file at all; a Word 97–2003 `.doc` (a binary format no
 * maintained library reads in the browser); a `.docx` that is damaged; or one without text.
 */
export type WordFileProblem = 'notWord' | 'legacyDoc' | 'unreadable' | 'empty';

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

/**
 * Converts a Word file in the browser. The content decides, not the name: a `.docx` renamed
 * `.doc` is still read. mammoth is loaded only now, in its own chunk, so it never weighs on
 * the pages that do not need it. Its standalone browser build (shipped in the package, as its
 * README advises for browsers) is both smaller than bundling its CommonJS sources and the same
 * code that the tests run under Node.
 */
export async function readWordFile(file: File): Promise<WordContent> {
  if (!isWordFileName(file.name)) throw new WordFileError('notWord');
  const arrayBuffer = await readArrayBuffer(file);
  const bytes = new Uint8Array(arrayBuffer, 0, Math.min(arrayBuffer.byteLength, 8));
  if (startsWith(bytes, OLE_SIGNATURE)) throw new WordFileError('legacyDoc');
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
