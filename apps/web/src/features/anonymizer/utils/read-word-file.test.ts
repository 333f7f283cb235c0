import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../test/build-docx';
import { readWordFile, WordFileError } from './read-word-file';

async function readProblem(file: File) {
  try {
    await readWordFile(file);
  } catch (error) {
    if (error instanceof WordFileError) return error.problem;
    throw error;
  }
  return null;
}

describe('readWordFile', () => {
  it('converts a .docx into plain text and HTML', async () => {
    const file = buildDocx('judgment.docx', ['John Smith v. Acme Ltd', 'Madrid, 3 May 2021']);
    await expect(readWordFile(file)).resolves.toEqual({
      text: 'John Smith v. Acme Ltd\n\nMadrid, 3 May 2021',
      html: '<p>John Smith v. Acme Ltd</p><p>Madrid, 3 May 2021</p>',
    });
  });

  it('reads a .docx that was renamed .doc', async () => {
    const file = buildDocx('judgment.doc', ['Mr Smith']);
    await expect(readWordFile(file)).resolves.toMatchObject({ text: 'Mr Smith' });
  });

  it('refuses a file that is not a Word file', async () => {
    expect(await readProblem(new File(['a,b'], 'data.csv', { type: 'text/csv' }))).toBe('notWord');
  });

  it('recognises a Word 97–2003 document', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await readProblem(new File([ole], 'old.doc'))).toBe('legacyDoc');
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
