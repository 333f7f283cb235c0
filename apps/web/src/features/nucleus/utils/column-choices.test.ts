import { describe, expect, it } from 'vitest';
import { initialSettings, toColumnChoices } from './column-choices';
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
});
