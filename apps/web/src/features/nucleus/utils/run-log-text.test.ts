import { SINTEZA_ENGINE_FAILURES, type TRunLog } from '@app/contracts/nucleus';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import enUS from '../i18n/en-US.json';
import es from '../i18n/es.json';
import { runLogText } from './run-log-text';

async function translator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { 'en-US': { translation: enUS }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const at = '2026-11-20T10:00:00.000Z';

/** Entries of one row, one column, one attempt: language, code, values, text. */
const SINGULAR: [string, TRunLog['code'], TRunLog['params'], string][] = [
  ['en-US', 'generated', { rows: 1 }, 'Generated 1 row from the stored model.'],
  ['es', 'generated', { rows: 1 }, 'Filas generadas con el modelo guardado: 1 fila.'],
  ['en-US', 'uploaded', { file: 'a.csv', rows: 1, columns: 1 }, 'Uploaded a.csv: 1 row, 1 column.'],
  ['es', 'uploaded', { file: 'a.csv', rows: 1, columns: 2 }, 'Subido a.csv: 1 fila, 2 columnas.'],
  [
    'en-US',
    'stalled',
    { attempts: 1 },
    'The worker stopped during the run 1 time; start a new run.',
  ],
  [
    'es',
    'stalled',
    { attempts: 1 },
    'El proceso de trabajo se detuvo 1 vez durante la ejecución; inicia una nueva.',
  ],
];

describe('runLogText', () => {
  it('words a coded entry in the user’s language, its numbers in that language’s format', async () => {
    const log: TRunLog = {
      at,
      level: 'info',
      message: 'Generated 1,000,000 rows from the stored model.',
      code: 'generated',
      params: { rows: 1_000_000 },
    };
    expect(runLogText(await translator('en-US'), log, 'en-US')).toBe(
      'Generated 1,000,000 rows from the stored model.',
    );
    expect(runLogText(await translator('es'), log, 'es')).toBe(
      'Filas generadas con el modelo guardado: 1.000.000 filas.',
    );
  });

  it.each(SINGULAR)('reads one as singular (%s, %s)', async (language, code, params, text) => {
    const log: TRunLog = { at, level: 'info', message: 'English', code, params };
    expect(runLogText(await translator(language), log, language)).toBe(text);
  });

  it.each([
    ['en-US', 1, '1 row of trans has a account_id'],
    ['en-US', 1200, '1,200 rows of trans have a account_id'],
    ['es', 1, '1 fila de trans tiene un account_id'],
    ['es', 12000, '12.000 filas de trans tienen un account_id'],
  ])('words the orphan rows of a link by their number (%s, %d)', async (language, count, text) => {
    const log: TRunLog = {
      at,
      level: 'error',
      message: 'English',
      code: 'engineFailed',
      params: {
        failure: 'orphanRows',
        count,
        child: 'trans',
        foreignKey: 'account_id',
        parent: 'accounts',
        primaryKey: 'id',
        reason: 'English',
      },
    };
    expect(runLogText(await translator(language), log, language)).toContain(text);
  });

  it('names the table of an engine failure on one table of a relational run', async () => {
    const log: TRunLog = {
      at,
      level: 'error',
      message: 'trans: The file has no rows.',
      code: 'engineFailed',
      params: { table: 'trans', reason: 'The file has no rows.' },
    };
    expect(runLogText(await translator('es'), log, 'es')).toBe(
      'Error en trans: The file has no rows.',
    );
  });

  it('words the engine’s failure from its code and values, its English only for a code it does not know', async () => {
    const log: TRunLog = {
      at,
      level: 'error',
      message: 'Column "age" row 1204: "n/a" is not a numerical value.',
      code: 'engineFailed',
      params: {
        failure: 'notANumber',
        column: 'age',
        row: 1204,
        value: 'n/a',
        reason: 'Column "age" row 1204: "n/a" is not a numerical value.',
      },
    };
    expect(runLogText(await translator('es'), log, 'es')).toBe(
      'Error: Columna «age», fila 1204: «n/a» no es un número.',
    );
    expect(runLogText(await translator('en-US'), log, 'en-US')).toBe(
      'Failed: Column "age", row 1,204: "n/a" is not a number.',
    );
    const onTable: TRunLog = {
      ...log,
      params: { failure: 'keyNotUnique', parent: 'account', primaryKey: 'id', table: 'trans' },
    };
    expect(runLogText(await translator('es'), onTable, 'es')).toBe(
      'Error en trans: La clave primaria account.id tiene valores vacíos o repetidos.',
    );
    const unknown: TRunLog = { ...log, params: { failure: 'newReason', reason: 'A new reason.' } };
    expect(runLogText(await translator('es'), unknown, 'es')).toBe('Error: A new reason.');
  });

  it('words each table’s rows and score of a relational run in the user’s language', async () => {
    const fitted: TRunLog = {
      at,
      level: 'info',
      message: 'Fitted the model and generated the tables (rows: accounts 4,500, trans 1,056,320).',
      code: 'fittedTables',
      params: {
        counts: [
          { table: 'accounts', value: 4500 },
          { table: 'trans', value: 1_056_320 },
        ],
      },
    };
    expect(runLogText(await translator('es'), fitted, 'es')).toBe(
      'Modelo ajustado y tablas generadas (filas: accounts 4500 y trans 1.056.320).',
    );
    const done: TRunLog = {
      at,
      level: 'info',
      message: 'Done: quality score accounts 81%, trans 77%.',
      code: 'doneScores',
      params: {
        scores: [
          { table: 'accounts', value: 81 },
          { table: 'trans', value: 77 },
        ],
      },
    };
    expect(runLogText(await translator('es'), done, 'es')).toBe(
      'Terminada: puntuación de calidad accounts 81 % y trans 77 %.',
    );
    expect(runLogText(await translator('en-US'), done, 'en-US')).toBe(
      'Done: quality score accounts 81%, trans 77%.',
    );
  });

  it('has a text in each language for every reason the engine gives', () => {
    for (const failures of [enUS.nucleus.engineFailures, es.nucleus.engineFailures]) {
      const reasons = new Set(
        Object.keys(failures).map((key) => key.replace(/_(one|many|other)$/, '')),
      );
      expect([...reasons].sort()).toEqual([...SINTEZA_ENGINE_FAILURES].sort());
    }
  });

  it('shows an entry written before codes as its English sentence', async () => {
    const log: TRunLog = { at, level: 'info', message: 'Started.' };
    expect(runLogText(await translator('es'), log, 'es')).toBe('Started.');
  });
});
