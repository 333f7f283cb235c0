import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/**
 * The Cortex texts travel with its pages (a lazy chunk): merged into the app's one namespace
 * when this module first loads.
 */
export function registerCortexMessages(): void {
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
  i18n.addResourceBundle('es', 'translation', es, true, false);
}

registerCortexMessages();
