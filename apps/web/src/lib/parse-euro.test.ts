import { describe, expect, it } from 'vitest';
import { parseEuroToCents } from './parse-euro';

describe('parseEuroToCents', () => {
  it.each([
    ['49,90', 4990],
    ['49.90', 4990],
    ['49,9', 4990],
    ['49', 4900],
    [' 49,90 € ', 4990],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['1,234', 123400],
    ['1234,5', 123450],
    ['1.234.567,89', 123456789],
    ['0,50', 50],
  ])('reads "%s" as %i cents', (text, cents) => {
    expect(parseEuroToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '49,9012', '-5', '1,2,3', '1.234.5', '12.34,5', ',50', '1.23,45'])(
    'refuses "%s"',
    (text) => {
      expect(parseEuroToCents(text)).toBeNull();
    },
  );
});
