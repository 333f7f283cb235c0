import type { TRunLog } from '@app/contracts/nucleus';
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
      '1.000.000 filas generadas con el modelo guardado.',
    );
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

  it('shows an entry written before codes as its English sentence', async () => {
    const log: TRunLog = { at, level: 'info', message: 'Started.' };
    expect(runLogText(await translator('es'), log, 'es')).toBe('Started.');
  });
});
