import type { FastifyPluginAsync } from 'fastify';

/** Where the widget pages load their scripts from (the plugin is registered under `/api`). */
export const BANK_WIDGET_SCRIPTS = {
  bankSearch: '/api/bank-widget/assets/bank-search.js',
  flowResult: '/api/bank-widget/assets/flow-result.js',
} as const;

/** Filters the bank list as the user types; without it the search form still works. */
const BANK_SEARCH_SCRIPT = `'use strict';
(function () {
  var input = document.getElementById('bank-search');
  var submit = document.getElementById('bank-search-submit');
  var empty = document.getElementById('no-results');
  var items = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
  if (!input) return;
  if (submit) submit.hidden = true;
  function fold(text) {
    return text.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();
  }
  function filter() {
    var query = fold(input.value.trim());
    var shown = 0;
    items.forEach(function (item) {
      var matches = item.getAttribute('data-search').indexOf(query) !== -1;
      item.hidden = !matches;
      if (matches) shown += 1;
    });
    if (empty) empty.hidden = shown > 0;
  }
  input.addEventListener('input', filter);
  filter();
})();
`;

/** Tells the web app that opened the popup how the flow ended, then closes the popup. */
const FLOW_RESULT_SCRIPT = `'use strict';
(function () {
  var outcome = document.body.getAttribute('data-outcome');
  var close = document.getElementById('close-window');
  if (close) {
    close.addEventListener('click', function () {
      window.close();
    });
  }
  if (!window.opener) return;
  if (outcome === 'completed') {
    window.opener.postMessage('flow completed', window.location.origin);
  } else if (outcome === 'cancelled') {
    window.opener.postMessage('flow cancelled', window.location.origin);
  } else if (outcome === 'planExceeded') {
    window.opener.postMessage('flow plan exceeded', window.location.origin);
  } else {
    return;
  }
  window.close();
})();
`;

const SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=300',
};

/**
 * The widget pages' scripts, served from our origin because the CSP forbids inline ones.
 * `sandboxBankRoutes` registers this plugin; register it alone when the sandbox is not.
 */
export const bankWidgetAssetRoutes: FastifyPluginAsync = async (app) => {
  const schema = { hide: true };
  app.get('/bank-widget/assets/bank-search.js', { schema }, async (_request, reply) =>
    reply.headers(SCRIPT_HEADERS).send(BANK_SEARCH_SCRIPT),
  );
  app.get('/bank-widget/assets/flow-result.js', { schema }, async (_request, reply) =>
    reply.headers(SCRIPT_HEADERS).send(FLOW_RESULT_SCRIPT),
  );
};
