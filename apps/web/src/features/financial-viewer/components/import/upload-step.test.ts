import type { TImportResult } from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import '../../i18n/register';
import { describeImport } from './upload-step';

function result(added: number, duplicates: number): TImportResult {
  return {
    importId: 'import-1',
    status: 'DONE',
    progress: 100,
    fileName: 'statement.csv',
    added,
    duplicates,
    errors: 0,
    errorCode: null,
  };
}

describe('describeImport', () => {
  it.each([
    ['en-US', result(1, 1), ['1 transaction imported.', '1 that was already there was left out.']],
    ['es', result(1, 1), ['Se ha importado 1 movimiento.', 'Se ha descartado 1 que ya estaba.']],
    [
      'en-US',
      result(0, 1),
      ['Nothing new was added: the 1 transaction in the file was already there.'],
    ],
    ['es', result(2000, 0), ['Se han importado 2.000 movimientos.']],
  ])('agrees with the number of transactions (%s)', async (language, imported, lines) => {
    await i18n.changeLanguage(language);
    expect(describeImport(i18n.t, imported)).toEqual(lines);
  });
});
