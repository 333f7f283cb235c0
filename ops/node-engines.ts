type Version = [number, number, number];
type Bound = { operator: '>=' | '>' | '<=' | '<'; version: Version };

export type PackageLock = {
  packages: Record<string, { engines?: Record<string, string> | string[] }>;
};

const COMPARATOR = /^(>=|<=|>|<|=|\^|~)?v?(\d+|[xX*])?(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/;

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The version after the given leading parts: `20` → 21.0.0, `20.19` → 20.20.0. */
function nextAfter(parts: number[]): Version {
  const next: Version = [0, 0, 0];
  parts.forEach((part, index) => (next[index] = index === parts.length - 1 ? part + 1 : part));
  return next;
}

/** One comparator of npm's range syntax (`>=20.19`, `^18.18.0`, `20.x`, `*`) as bounds. */
function boundsOf(comparator: string): Bound[] {
  const match = COMPARATOR.exec(comparator);
  if (!match) throw new Error(`unknown Node range comparator "${comparator}"`);
  const [, operator = '=', ...rest] = match;
  const parts: number[] = [];
  for (const part of rest.map(Number)) {
    if (Number.isNaN(part)) break;
    parts.push(part);
  }
  if (parts.length === 0) return [];
  const lowest: Version = [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
  const isExact = parts.length === 3;
  const upTo = (limit: Version): Bound[] => [
    { operator: '>=', version: lowest },
    { operator: '<', version: limit },
  ];
  switch (operator) {
    case '>=':
      return [{ operator: '>=', version: lowest }];
    case '<':
      return [{ operator: '<', version: lowest }];
    case '>':
      return isExact
        ? [{ operator: '>', version: lowest }]
        : [{ operator: '>=', version: nextAfter(parts) }];
    case '<=':
      return isExact
        ? [{ operator: '<=', version: lowest }]
        : [{ operator: '<', version: nextAfter(parts) }];
    case '^': {
      const kept = parts.findIndex((part, index) => part > 0 || index === parts.length - 1);
      return upTo(nextAfter(parts.slice(0, kept + 1)));
    }
    case '~':
      return upTo(nextAfter(parts.slice(0, Math.min(2, parts.length))));
    default:
      return isExact
        ? [
            { operator: '>=', version: lowest },
            { operator: '<=', version: lowest },
          ]
        : upTo(nextAfter(parts));
  }
}

function meets(version: Version, bound: Bound): boolean {
  const order = compare(version, bound.version);
  switch (bound.operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
  }
}

/** Whether a Node version is within an `engines.node` range (npm's syntax, no prereleases). */
export function admitsNode(range: string, version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((comparator) => comparator !== '')
      .flatMap(boundsOf)
      .every((bound) => meets([major, minor, patch], bound)),
  );
}

/** The lowest Node a `>=X.Y.Z` range such as the project's `engines.node` allows. */
export function lowestNode(range: string): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node "${range}" is not a >= floor`);
  return [match[1], match[2] ?? '0', match[3] ?? '0'].join('.');
}

/** Every installed package whose `engines.node` leaves out the lowest Node the project allows. */
export function nodeFloorProblems(lock: PackageLock, projectRange: string): string[] {
  const lowest = lowestNode(projectRange);
  return Object.entries(lock.packages).flatMap(([name, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return range === undefined || admitsNode(range, lowest)
      ? []
      : [`${name || 'the project'} needs Node ${range}, not ${lowest}`];
  });
}
