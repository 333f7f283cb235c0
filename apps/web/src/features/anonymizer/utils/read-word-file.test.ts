import { WORD_FILE_MAX_BYTES } from '@app/contracts/legal-mind';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildDocx } from '../../../test/build-docx';
import { readWordFile, WordFileError } from './read-word-file';

async function readProblem(file: File) {
  try {
    await readWordFile(file, { token: 'nrn_tok' });
  } catch (error) {
    if (error instanceof WordFileError) return error.problem;
    throw error;
  }
  return null;
}

describe('readWordFile', () => {
  it('converts a .docx into plain text and HTML', async () => {
    const file = buildDocx('judgment.docx', ['John Smith v. Acme Ltd', 'Madrid, 3 May 2021']);
    await expect(readWordFile(file, { token: 'nrn_tok' })).resolves.toEqual({
      text: 'John Smith v. Acme Ltd\n\nMadrid, 3 May 2021',
      html: '<p>John Smith v. Acme Ltd</p><p>Madrid, 3 May 2021</p>',
    });
  });

  it('reads a .docx that was renamed .doc', async () => {
    const file = buildDocx('judgment.doc', ['Mr Smith']);
    await expect(readWordFile(file, { token: 'nrn_tok' })).resolves.toMatchObject({
      text: 'Mr Smith',
    });
  });

  it('refuses a file that is not a Word file', async () => {
    expect(await readProblem(new File(['a,b'], 'data.csv', { type: 'text/csv' }))).toBe('notWord');
  });

  it('sends a Word 97–2003 document to the server, by its content, and reads its answer', async () => {
    const spy = stubFetch({
      'POST /api/legal-mind/word-file': { body: { text: 'Mr Smith', html: '<p>Mr Smith</p>' } },
    });
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(
      readWordFile(new File([ole], 'renamed.docx'), { token: 'nrn_tok' }),
    ).resolves.toEqual({
      text: 'Mr Smith',
      html: '<p>Mr Smith</p>',
    });
    expect(recordedCalls(spy)[0]?.query.get('token')).toBe('nrn_tok');
  });

  it('needs the LegalMind token for a Word 97–2003 document, and tells a wrong one', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const spy = stubFetch({
      'POST /api/legal-mind/word-file': { status: 401, body: errorBody('UNAUTHORIZED') },
    });
    await expect(readWordFile(new File([ole], 'a.doc'), { token: ' ' })).rejects.toMatchObject({
      problem: 'needsToken',
    });
    expect(recordedCalls(spy)).toHaveLength(0);
    await expect(readWordFile(new File([ole], 'a.doc'), { token: 'bad' })).rejects.toMatchObject({
      problem: 'invalidToken',
    });
  });

  it('refuses a Word 97–2003 document above the size the server converts, without sending it', async () => {
    const spy = stubFetch();
    const ole = new Uint8Array(WORD_FILE_MAX_BYTES + 1);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readProblem(new File([ole], 'huge.doc'))).toBe('tooLarge');
    expect(recordedCalls(spy)).toHaveLength(0);
  });

  it('reports a damaged .docx', async () => {
    expect(await readProblem(new File(['not a zip'], 'broken.docx'))).toBe('unreadable');
    const zipWithoutDocument = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(await readProblem(new File([zipWithoutDocument], 'empty.docx'))).toBe('unreadable');
  });

  it('reports a .docx without text', async () => {
    expect(await readProblem(buildDocx('blank.docx', ['', '  ']))).toBe('empty');
  });
});
