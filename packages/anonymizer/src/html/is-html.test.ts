import { describe, expect, it } from 'vitest';
import { isHtml } from './is-html.js';

describe('isHtml', () => {
  it('recognises documents, fragments, comments and self-closing tags', () => {
    expect(isHtml('<!DOCTYPE html><html></html>')).toBe(true);
    expect(isHtml('Dear <b>Sir</b>')).toBe(true);
    expect(isHtml('<P CLASS="x">Text</P>')).toBe(true);
    expect(isHtml('line<br/>line')).toBe(true);
    expect(isHtml('<!-- note -->')).toBe(true);
  });

  it('does not take comparisons or bracketed words for markup', () => {
    expect(isHtml('If x < y and y > z')).toBe(false);
    expect(isHtml('See <Annex A> and <<quoted>>')).toBe(false);
    expect(isHtml('The clause <confidential> applies')).toBe(false);
  });
});
