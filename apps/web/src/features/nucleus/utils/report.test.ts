import { describe, expect, it } from 'vitest';
import { findPair, histogramShares, pairColumns, readReport } from './report';
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

  it('lists the columns of the pairs and finds a pair either way round', () => {
    const pairs = [
      { columnA: 'a', columnB: 'b', realAssociation: 0.5, syntheticAssociation: 0.4, score: 0.9 },
      { columnA: 'a', columnB: 'c', realAssociation: 0.1, syntheticAssociation: 0.1, score: 1 },
    ];
    expect(pairColumns(pairs)).toEqual(['a', 'b', 'c']);
    expect(findPair(pairs, 'c', 'a')?.score).toBe(1);
  });
});
