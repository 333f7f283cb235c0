import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  queryClient.clear();
  localStorage.clear();
  await i18n.changeLanguage('en-US');
});
