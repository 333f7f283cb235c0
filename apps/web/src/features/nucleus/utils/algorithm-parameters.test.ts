import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../testing/nucleus-fixtures';
import { defaultValues, parseParameters } from './algorithm-parameters';

const BAYESIAN = ALGORITHMS[1];

describe('algorithm parameters', () => {
  it('starts from the defaults and leaves rows and seed to the form', () => {
    if (!BAYESIAN) throw new Error('fixture');
    expect(defaultValues(BAYESIAN)).toEqual({ degree: '3', epsilon: '' });
  });

  it('types the values, leaves empty ones out and names the invalid ones', () => {
    if (!BAYESIAN) throw new Error('fixture');
    expect(parseParameters(BAYESIAN, { degree: '2', epsilon: '0.5' })).toEqual({
      parameters: { degree: 2, epsilon: 0.5 },
      invalid: [],
    });
    expect(parseParameters(BAYESIAN, { degree: '2.5', epsilon: '' })).toEqual({
      parameters: {},
      invalid: ['degree'],
    });
    expect(parseParameters(BAYESIAN, { degree: '', epsilon: '-1' }).invalid).toEqual(['epsilon']);
  });
});
