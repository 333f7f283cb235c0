import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

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
