import { VALIDATION, type TWordFileContent } from '@app/contracts';
import WordExtractor from 'word-extractor';
import { validationError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';

/** OLE compound file: the container of Word 97–2003 documents. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function toParagraphs(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

/**
 * The text of a Word 97–2003 (.doc) file, which no maintained library reads in the browser
 * (the page converts .docx there itself). The content decides, not the file name.
 */
export async function readLegacyWordFile(
  file: UploadedFile | undefined,
): Promise<TWordFileContent> {
  if (file?.fieldName !== 'file') throw validationError({ file: VALIDATION.required });
  const body = await file.read();
  if (!body.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    throw validationError({ file: VALIDATION.wordFile }, 'Only Word files are supported');
  }
  let text: string;
  try {
    text = (await new WordExtractor().extract(body)).getBody().trim();
  } catch {
    throw validationError(
      { file: VALIDATION.wordFileUnreadable },
      'The Word file could not be read.',
    );
  }
  if (text === '')
    throw validationError({ file: VALIDATION.wordFileEmpty }, 'The Word file has no text.');
  return { text, html: toParagraphs(text) };
}
