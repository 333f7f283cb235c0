import { PERSONAL_DATA_KINDS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import '../i18n/register';
import {
  detectedTypeText,
  initialSettings,
  personalDataText,
  toColumnChoices,
} from './column-choices';
import { buildProfile } from '../testing/nucleus-fixtures';

describe('column choices', () => {
  it('keeps every column as profiled and sends only the changed ones', () => {
    const settings = initialSettings(buildProfile('00000000-0000-4000-9000-000000000001').columns);
    expect(toColumnChoices(settings)).toEqual([]);
    settings.email = { action: 'drop', type: '' };
    settings.age = { action: 'keep', type: 'categorical' };
    expect(toColumnChoices(settings)).toEqual([
      { name: 'age', action: 'keep', type: 'categorical' },
      { name: 'email', action: 'drop' },
    ]);
  });

  it('names every kind of personal data the profiler flags, in English and Spanish', async () => {
    const t = i18n.t.bind(i18n);
    await changeLanguage('en-US');
    expect(PERSONAL_DATA_KINDS.map((kind) => personalDataText(t, kind))).toEqual([
      'e-mail',
      'phone',
      "person's name",
      'DNI/NIE',
      'IBAN',
      'street address',
    ]);
    expect(detectedTypeText(t, 'pii:national-id')).toBe('DNI/NIE');
    await changeLanguage('es');
    expect(detectedTypeText(t, 'pii:address')).toBe('Dirección postal');
    expect(personalDataText(t, 'name')).toBe('nombre de persona');
    expect(personalDataText(t, 'passport')).toBe('passport');
  });
});
