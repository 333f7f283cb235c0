import type {
  Language,
  TCreateDomainRequest,
  TDimension,
  TDomain,
  TReferenceItem,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import {
  findDimensions,
  findElement,
  findElements,
  insertElement,
  updateElementDescriptions,
  type ElementRow,
} from './repository.js';

/** An element's description in the language asked for (English or Spanish). */
export function describe(
  row: { descriptionEn: string; descriptionEs: string },
  language: Language,
) {
  return language === 'es' ? row.descriptionEs : row.descriptionEn;
}

/** The elements as reference items; elements with a parent are also their parent's children. */
function toItems(rows: ElementRow[], all: ElementRow[], language: Language): TReferenceItem[] {
  const childrenOf = new Map<string, ElementRow[]>();
  for (const row of all) {
    if (!row.parentId) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const item = (row: ElementRow, depth: number): TReferenceItem => ({
    domelId: row.id,
    domelCode: row.code,
    domelDesc: describe(row, language),
    dimensionCode: row.dimensionCode,
    domelParent: row.parentId,
    children: depth > 0 ? [] : (childrenOf.get(row.id) ?? []).map((child) => item(child, 1)),
  });
  return rows.map((row) => item(row, 0));
}

/** Every dimension with its elements; regions carry their countries. */
export async function listDimensions(
  deps: Deps,
  options: { language: Language },
): Promise<TDimension[]> {
  const [dimensions, elements] = await Promise.all([
    findDimensions(deps.db),
    findElements(deps.db),
  ]);
  return dimensions.map((dimension) => ({
    dimensionCode: dimension.code,
    dimensionDesc: describe(dimension, options.language),
    domels: toItems(
      elements.filter((element) => element.dimensionCode === dimension.code),
      elements,
      options.language,
    ),
  }));
}

export async function getDimension(
  deps: Deps,
  options: { code: string; language: Language },
): Promise<TReferenceItem[]> {
  const [rows, all] = await Promise.all([
    findElements(deps.db, options.code),
    findElements(deps.db),
  ]);
  return toItems(rows, all, options.language);
}

function toDomain(row: ElementRow): TDomain {
  return {
    domelId: row.id,
    dimensionCode: row.dimensionCode,
    domelCode: row.code,
    descriptionEn: row.descriptionEn,
    descriptionEs: row.descriptionEs,
    domelParent: row.parentId,
  };
}

/**
 * A new element of a dimension (the platform administrator's). Its code is unique in its
 * dimension (409); a parent must be an element of the dimension that holds parents, which
 * today is a region for a country.
 */
export async function createDomain(deps: Deps, request: TCreateDomainRequest): Promise<TDomain> {
  const parentId = request.domelParent ?? null;
  if (parentId) {
    const parent = await findElement(deps.db, parentId);
    const expected = request.dimensionCode === '02' ? '01' : undefined;
    if (!parent || parent.dimensionCode !== expected) {
      throw new AppError('VALIDATION', {
        message: 'The parent is not an element this one can belong to.',
        fields: { domelParent: 'validation.invalid' },
      });
    }
  }
  const row = await insertElement(deps.db, {
    dimensionCode: request.dimensionCode,
    code: request.domelCode,
    descriptionEn: request.descriptionEn,
    descriptionEs: request.descriptionEs,
    parentId,
    position: 10_000,
  });
  if (!row) {
    throw new AppError('CONFLICT', {
      reason: 'DOMAIN_CODE_EXISTS',
      message: `The dimension ${request.dimensionCode} already has the code ${request.domelCode}.`,
      fields: { domelCode: 'validation.invalid' },
    });
  }
  return toDomain(row);
}

export async function updateDomain(
  deps: Deps,
  options: { domelId: string; descriptionEn: string; descriptionEs: string },
): Promise<TDomain> {
  const row = await updateElementDescriptions(deps.db, options.domelId, {
    descriptionEn: options.descriptionEn,
    descriptionEs: options.descriptionEs,
  });
  if (!row)
    throw new AppError('NOT_FOUND', { message: 'There is no such reference data element.' });
  return toDomain(row);
}
