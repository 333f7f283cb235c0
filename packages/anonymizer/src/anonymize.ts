import { AnonymizationError } from './anonymization-error.js';
import { detect, type DetectOptions } from './detection/detect.js';
import { extractText, replaceHtmlText } from './html/html-text.js';
import { isHtml } from './html/is-html.js';
import {
  applyReplacements,
  planReplacements,
  type Replacement,
  type ReplacementOptions,
} from './replacement/plan-replacements.js';

export type AnonymizeMode = 'text' | 'html';

export type AnonymizeOptions = ReplacementOptions &
  DetectOptions & {
    text: string;
    mode: AnonymizeMode;
  };

export type AnonymizeResult = {
  /** The anonymised text or HTML. */
  text: string;
  /** What was replaced; offsets are into the plain text (for HTML, its joined text nodes). */
  replacements: Replacement[];
};

/**
 * Anonymises plain text (layout kept) or HTML (only text nodes change). Throws
 * AnonymizationError when the text does not suit the mode.
 */
export function anonymize(options: AnonymizeOptions): AnonymizeResult {
  const { text, mode, weights, entityBias } = options;
  const replacementOptions = { style: options.style, mask: options.mask, seed: options.seed };
  if (mode === 'text') {
    if (isHtml(text)) throw new AnonymizationError('NOT_PLAIN_TEXT');
    const spans = detect(text, { weights, entityBias });
    const replacements = planReplacements({ text, spans, replacement: replacementOptions });
    return { text: applyReplacements(text, replacements), replacements };
  }
  if (!isHtml(text)) throw new AnonymizationError('NOT_HTML');
  const extracted = extractText(text);
  const spans = detect(extracted.text, { weights, entityBias });
  const replacements = planReplacements({
    text: extracted.text,
    spans,
    replacement: replacementOptions,
  });
  return {
    text: replaceHtmlText({ html: text, pieces: extracted.pieces, replacements }),
    replacements,
  };
}
