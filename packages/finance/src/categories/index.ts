export {
  CATEGORY_TAXONOMY,
  findCategory,
  type CategoryEntry,
  type CategoryKey,
  type CategoryNames,
  type ParentCategory,
  type Subcategory,
} from './taxonomy.js';
export {
  createCategorizer,
  type CategorizeInput,
  type CategorizeResult,
  type Categorizer,
  type CategorySource,
  type CreateCategorizerOptions,
  type LearnInput,
} from './categorizer.js';
export {
  EMPTY_CORRECTIONS,
  MAX_CORRECTIONS,
  type CategoryCorrections,
  type CorrectionEntry,
} from './corrections.js';
export { CategorizationError, type CategorizationErrorCode } from './categorization-error.js';
