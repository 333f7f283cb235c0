import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/**
 * The administrator's texts travel with the admin pages (a lazy chunk), not with the sign-in
 * page: they are merged into the app's one namespace when this module first loads.
 */
export function registerAdminMessages(): void {
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
  i18n.addResourceBundle('es', 'translation', es, true, false);
}

registerAdminMessages();
