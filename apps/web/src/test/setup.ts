import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// findBy and waitFor wait for lazy chunks and queries: on a loaded two-core machine that takes
// far longer than the library's 1 s, so no test depends on the machine's speed.
configure({ asyncUtilTimeout: 15_000 });

// Spanish is a lazy chunk in the app; tests that switch to it find it loaded.
beforeAll(async () => {
  await loadLanguage('es');
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  queryClient.clear();
  localStorage.clear();
  await i18n.changeLanguage('en-US');
});
