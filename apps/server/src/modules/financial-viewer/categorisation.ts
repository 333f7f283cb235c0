import {
  CATEGORY_TAXONOMY,
  EMPTY_CORRECTIONS,
  createCategorizer,
  findCategory,
  type CategoryCorrections,
  type Categorizer,
} from '@app/finance';
import type { Language, TCategoriesResponse, TCategory } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { findCategoryRules } from './repository.js';

/** The team's categoriser: the engine's knowledge plus the corrections the team taught it. */
export async function loadCategorizer(
  deps: Pick<Deps, 'log'>,
  executor: Executor,
  teamId: string,
): Promise<Categorizer> {
  const stored = await findCategoryRules(executor, teamId);
  try {
    return createCategorizer({ corrections: (stored ?? EMPTY_CORRECTIONS) as CategoryCorrections });
  } catch (error) {
    // Unreadable corrections must not stop imports: they are logged and the defaults apply.
    deps.log.error({ err: error, teamId }, 'stored categorisation rules are not valid');
    return createCategorizer();
  }
}

/** A transaction as stored: its own fields plus the category the team's categoriser gives. */
export function categorizeForStorage<T extends { description: string; amount: number }>(
  categorizer: Categorizer,
  transaction: T,
): T & { categoryId: number; categoryConfidence: number } {
  const category = categorizer.categorize(transaction);
  return {
    ...transaction,
    categoryId: category.categoryId,
    categoryConfidence: category.confidence,
  };
}

const UNCATEGORIZED_ID = 101;

export function describeCategory(categoryId: number, language: Language): TCategory {
  const entry = findCategory(categoryId) ?? findCategory(UNCATEGORIZED_ID);
  if (!entry) throw new Error('the taxonomy has no uncategorized entry');
  return {
    catId: entry.subcategory.id,
    description: entry.subcategory.names[language],
    parentId: entry.parent.id,
    parentDescription: entry.parent.names[language],
    color: entry.subcategory.color,
  };
}

export function listCategories(language: Language): TCategoriesResponse {
  return CATEGORY_TAXONOMY.map((parent) => ({
    parentId: parent.id,
    description: parent.names[language],
    color: parent.color,
    subcategories: parent.subcategories.map((subcategory) => ({
      catId: subcategory.id,
      description: subcategory.names[language],
      color: subcategory.color,
    })),
  }));
}

export function isKnownCategory(categoryId: number): boolean {
  return findCategory(categoryId) !== undefined;
}
