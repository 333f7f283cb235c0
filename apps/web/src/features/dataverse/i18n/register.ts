import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/** Dataverse's texts travel with its pages (a lazy chunk), merged into the app's namespace. */
export function registerDataverseMessages(): void {
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
  i18n.addResourceBundle('es', 'translation', es, true, false);
}

registerDataverseMessages();
