import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/**
 * The payment texts (checkout, payment methods, billing details, results) travel with the
 * screens that pay, billing's and Dataverse's: merged into the app's one namespace on load.
 */
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
i18n.addResourceBundle('es', 'translation', es, true, false);
