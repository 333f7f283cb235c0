export {
  anonymize,
  type AnonymizeMode,
  type AnonymizeOptions,
  type AnonymizeResult,
} from './anonymize.js';
export { AnonymizationError, type AnonymizationErrorCode } from './anonymization-error.js';
export { detect, type DetectOptions } from './detection/detect.js';
export { isHtml } from './html/is-html.js';
export {
  DEFAULT_MASK,
  type Replacement,
  type ReplacementOptions,
  type ReplacementStyle,
} from './replacement/plan-replacements.js';
export { LABELS, type Label, type Span } from './types.js';
