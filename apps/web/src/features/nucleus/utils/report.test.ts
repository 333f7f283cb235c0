import { describe, expect, it } from 'vitest';
import { dateBinLabels, findPair, histogramShares, pairColumns, readReport } from './report';
import { buildReport } from '../testing/nucleus-fixtures';

describe('readReport', () => {
  it('reads the engine report: scores, histograms, pairs, privacy, no ML efficacy', () => {
    const view = readReport(buildReport());
    expect(view?.overall).toBeCloseTo(0.9);
    expect(view?.histograms.map((histogram) => histogram.column)).toEqual(['age', 'workclass']);
    expect(view?.privacy?.exactCopyShare).toBe(0.01);
    expect(view?.mlEfficacy).toBeNull();
  });

  it('keeps what it can read of a report missing a part, and refuses one without a score', () => {
    expect(readReport({ overall: 0.5, privacy: 'broken' })?.privacy).toBeNull();
    expect(readReport({ histograms: [] })).toBeNull();
  });
});

describe('report helpers', () => {
  it('turns counts into shares of each side', () => {
    expect(
      histogramShares({ column: 'a', bins: ['x', null], real: [3, 1], synthetic: [1, 1] }),
    ).toEqual([
      { bin: 'x', real: 0.75, synthetic: 0.5 },
      { bin: null, real: 0.25, synthetic: 0.5 },
    ]);
  });

  it('labels a date column’s bins as dates in the user’s language, with the time over a short span', () => {
    const edges = [Date.parse('1995-03-15'), Date.parse('1995-09-01'), Date.parse('1996-04-02')];
    const english = dateBinLabels(edges, 'en-US');
    expect(english).toHaveLength(2);
    expect(english[0]).toMatch(/^Mar 15\s–\sSep 1, 1995$/);
    expect(english[1]).toMatch(/^Sep 1, 1995\s–\sApr 2, 1996$/);
    const spanish = dateBinLabels(edges, 'es');
    expect(spanish[1]).toMatch(/1 sept? 1995.*2 abr 1996/);
    const hours = dateBinLabels(
      [Date.parse('2024-01-01T08:00Z'), Date.parse('2024-01-01T20:00Z')],
      'en-US',
    );
    expect(hours[0]).toMatch(/8:00\sAM.*8:00\sPM/);
  });

  it('lists the columns of the pairs and finds a pair either way round', () => {
    const pairs = [
      { columnA: 'a', columnB: 'b', realAssociation: 0.5, syntheticAssociation: 0.4, score: 0.9 },
      { columnA: 'a', columnB: 'c', realAssociation: 0.1, syntheticAssociation: 0.1, score: 1 },
    ];
    expect(pairColumns(pairs)).toEqual(['a', 'b', 'c']);
    expect(findPair(pairs, 'c', 'a')?.score).toBe(1);
  });
});
