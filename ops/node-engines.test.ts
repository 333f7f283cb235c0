import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { admitsNode, nodeFloorProblems, type PackageLock } from './node-engines.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const PROJECT_NODE = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines
  .node;
const LOCK = JSON.parse(read('package-lock.json')) as PackageLock;

describe('the Node versions of the installed packages', () => {
  it('all admit the lowest Node the project supports', () => {
    expect(PROJECT_NODE).toBe('>=20.19');
    expect(nodeFloorProblems(LOCK, PROJECT_NODE)).toEqual([]);
  });

  it('names a package that needs a newer Node than the project', () => {
    const lock: PackageLock = {
      packages: {
        ...LOCK.packages,
        'node_modules/newer-only': { engines: { node: '>=22' } },
        'node_modules/skips-20': { engines: { node: '18 || >=22' } },
      },
    };
    expect(nodeFloorProblems(lock, PROJECT_NODE)).toEqual([
      'node_modules/newer-only needs Node >=22, not 20.19.0',
      'node_modules/skips-20 needs Node 18 || >=22, not 20.19.0',
    ]);
  });

  it.each([
    ['^20.19.0 || >=22.12.0', true],
    ['^18.18.0 || ^20.9.0 || >=21.1.0', true],
    ['>=6 <7 || >=8', true],
    ['10.* || >= 12.*', true],
    ['>= 10.x', true],
    ['20 || >=22', true],
    ['*', true],
    ['>=20.20', false],
    ['^20.20.0 || >=22', false],
    ['~20.18.0', false],
    ['<=20.18', false],
    ['>20.19.0', false],
  ])('reads %s as admitting Node 20.19.0: %s', (range, isAdmitted) => {
    expect(admitsNode(range, '20.19.0')).toBe(isAdmitted);
  });
});
