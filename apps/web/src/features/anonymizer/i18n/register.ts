import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/**
 * The anonymizer's texts travel with its page (a lazy chunk), not with the sign-in page, whose
 * weight they would add to: they join the app's one namespace when this module first loads.
 */
export function registerAnonymizerMessages(): void {
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
  i18n.addResourceBundle('es', 'translation', es, true, false);
}

registerAnonymizerMessages();
