import { describe, expect, it } from 'vitest';
import { createRandom } from '@app/engine-kit';
import { pickDateShift, shiftDates } from './shift-dates.js';

describe('shiftDates', () => {
  it('moves a date by the days given, written as it was', () => {
    expect(shiftDates('3 May 2004', 400)).toBe('7 June 2005');
    expect(shiftDates('1st March 2024', -40)).toBe('21st January 2024');
    expect(shiftDates('May 3, 2004', 400)).toBe('June 7, 2005');
    expect(shiftDates('Sept. 30 2001', 35)).toBe('Nov. 4 2001');
    expect(shiftDates('2015-02-14', 400)).toBe('2016-03-20');
  });

  it('reads a numeric date day first unless only the American order makes one', () => {
    expect(shiftDates('14/02/2015', -1500)).toBe('06/01/2011');
    expect(shiftDates('02/14/2015', -1500)).toBe('01/06/2011');
    expect(shiftDates('3.4.2010', 30)).toBe('3.5.2010');
  });

  it('counts leap days and the turn of a year', () => {
    expect(shiftDates('28 February 2004', 1)).toBe('29 February 2004');
    expect(shiftDates('31 December 1999', 1)).toBe('1 January 2000');
  });

  it('moves a month and year by whole months, a day and month by days, a year alone by years', () => {
    expect(shiftDates('March 2024', 400)).toBe('April 2025');
    expect(shiftDates('3 May', 400)).toBe('7 June');
    expect(shiftDates('born in 1970', 800)).toBe('born in 1972');
  });

  it('keeps the order of the dates and the time between them', () => {
    const shifted = shiftDates('from 30 September 2022 to 2 October 2022', -700);
    expect(shifted).toBe('from 30 October 2020 to 1 November 2020');
  });

  it('says when a finding holds no date', () => {
    expect(shiftDates('two years', 400)).toBeUndefined();
    expect(shiftDates('18.45 p.m.', 400)).toBeUndefined();
  });
});

describe('pickDateShift', () => {
  it('moves by 400 to 1,500 days, earlier or later, following the seed', () => {
    const shifts = Array.from({ length: 200 }, (_, seed) =>
      pickDateShift(createRandom(seed).uniform),
    );
    for (const days of shifts) {
      expect(Math.abs(days)).toBeGreaterThanOrEqual(400);
      expect(Math.abs(days)).toBeLessThanOrEqual(1500);
    }
    expect(shifts.some((days) => days < 0)).toBe(true);
    expect(shifts.some((days) => days > 0)).toBe(true);
    expect(pickDateShift(createRandom(7).uniform)).toBe(pickDateShift(createRandom(7).uniform));
  });
});
