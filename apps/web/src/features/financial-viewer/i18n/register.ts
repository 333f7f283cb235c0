import { i18n } from '../../../lib/i18n';
import analysisEnUS from './analysis.en-US.json';
import analysisEs from './analysis.es.json';
import enUS from './en-US.json';
import es from './es.json';

/**
 * The Financial Viewer's texts travel with its pages (a lazy chunk): merged into the app's one
 * namespace when this module first loads. The analysis tabs keep theirs in their own files.
 */
export function registerFinancialViewerMessages(): void {
  for (const [language, bundles] of [
    ['en-US', [enUS, analysisEnUS]],
    ['es', [es, analysisEs]],
  ] as const) {
    for (const bundle of bundles)
      i18n.addResourceBundle(language, 'translation', bundle, true, false);
  }
}

registerFinancialViewerMessages();
