import { describe, expect, it } from 'vitest';
import { passesLuhn } from './billing.js';

describe('passesLuhn', () => {
  it('accepts a number whose check digit is right and refuses one digit off', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });
});
