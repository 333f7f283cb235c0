import { i18n } from '../../../lib/i18n';
import enUS from './en-US.json';
import es from './es.json';

/** The call log's texts travel with it (the neuron and module usage pages), merged on load. */
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
i18n.addResourceBundle('es', 'translation', es, true, false);
