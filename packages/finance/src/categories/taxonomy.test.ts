import { describe, expect, it } from 'vitest';
import { CATEGORY_TAXONOMY, findCategory, type ParentCategory } from './taxonomy.js';

const PARENTS: readonly ParentCategory[] = CATEGORY_TAXONOMY;
const SUBCATEGORIES = PARENTS.flatMap((parent) => parent.subcategories);
const COLOR = /^#[0-9A-F]{6}$/;

describe('CATEGORY_TAXONOMY', () => {
  it('has the 13 parents of the spec, in its order, numbered 1 to 13', () => {
    expect(PARENTS.map((parent) => parent.names['en-US'])).toEqual([
      'No Category',
      'Food Dining',
      'Transportation',
      'Home and Office',
      'Health and Personal Care',
      'Leisure and Travelling',
      'Purchases',
      'Family',
      'Utilities',
      'Miscellaneous Expenses',
      'Employees',
      'Business',
      'Income',
    ]);
    expect(PARENTS.map((parent) => parent.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('numbers each parent’s sub-categories parentId × 100 + 1, 2, 3…', () => {
    for (const parent of PARENTS) {
      expect(parent.subcategories.length).toBeGreaterThan(0);
      parent.subcategories.forEach((subcategory, index) => {
        expect(subcategory.id).toBe(parent.id * 100 + index + 1);
      });
    }
  });

  it('gives unique ids and keys across parents and sub-categories', () => {
    const ids = [...PARENTS, ...SUBCATEGORIES].map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = [...PARENTS, ...SUBCATEGORIES].map((category) => category.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names every category in en-US and es and gives it a #RRGGBB colour', () => {
    for (const category of [...PARENTS, ...SUBCATEGORIES]) {
      expect(category.names['en-US'].trim()).not.toBe('');
      expect(category.names.es.trim()).not.toBe('');
      expect(category.color).toMatch(COLOR);
    }
  });

  it('gives parents distinct colours, so the charts tell them apart', () => {
    const colors = PARENTS.map((parent) => parent.color);
    expect(new Set(colors).size).toBe(colors.length);
  });

  it('covers the business needs of the issue: payroll, social security, taxes, utilities', () => {
    const names = (parentKey: string): string[] =>
      PARENTS.find((parent) => parent.key === parentKey)?.subcategories.map(
        (subcategory) => subcategory.names['en-US'],
      ) ?? [];
    expect(names('employees')).toEqual(expect.arrayContaining(['Payroll', 'Social Security']));
    expect(names('business')).toEqual(expect.arrayContaining(['Taxes', 'Professional Services']));
    expect(names('utilities')).toEqual(
      expect.arrayContaining(['Electricity', 'Water', 'Telecom and Internet']),
    );
    expect(names('food-dining')).toEqual(expect.arrayContaining(['Restaurants', 'Groceries']));
  });
});

describe('findCategory', () => {
  it('returns a sub-category with its parent', () => {
    const entry = findCategory(1102);
    expect(entry?.subcategory.names.es).toBe('Seguridad Social');
    expect(entry?.parent.names['en-US']).toBe('Employees');
  });

  it('returns undefined for an unknown id or a parent id', () => {
    expect(findCategory(9999)).toBeUndefined();
    expect(findCategory(11)).toBeUndefined();
  });
});
