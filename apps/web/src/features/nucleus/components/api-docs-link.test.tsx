import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderRoute } from '../../../test/render';
import { ApiDocsLink } from './api-docs-link';

describe('ApiDocsLink', () => {
  it('leads to the Sinteza API reference with examples and to trying a call', () => {
    renderRoute({ path: '/nucleus/api', element: <ApiDocsLink /> });
    expect(screen.getByRole('link', { name: 'API reference and examples' })).toHaveAttribute(
      'href',
      '/neurons/Nucleus/integration',
    );
    expect(screen.getByRole('link', { name: 'Try a call' })).toHaveAttribute(
      'href',
      '/neurons/Nucleus/test',
    );
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    renderRoute({ path: '/nucleus/api', element: <ApiDocsLink /> });
    expect(screen.getByRole('region', { name: 'Referencia de la API de Sinteza' })).toBeVisible();
  });
});
