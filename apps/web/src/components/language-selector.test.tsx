import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { recordedCalls, stubFetch } from '../test/fetch-stub';
import { renderRoute } from '../test/render';
import { apiClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { LanguageSelector } from './language-selector';

function Page() {
  const { t } = useTranslation();
  return (
    <>
      <LanguageSelector />
      <h1>{t('notFound.title')}</h1>
    </>
  );
}

describe('LanguageSelector', () => {
  it('switches the UI to Spanish, remembers it and sends it as Accept-Language', async () => {
    const spy = stubFetch({ 'GET /api/user': { body: {} } });
    const { user } = renderRoute({ path: '/', element: <Page /> });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma' })).toHaveTextContent('ES');
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    await apiClient.get('/user');
    expect(recordedCalls(spy)[0]?.headers.get('Accept-Language')).toBe('es');
  });

  it('reloads what the server sent, so data names come back in the new language', async () => {
    const spy = stubFetch({ 'GET /api/listneurons': { body: [] } });
    queryClient.setQueryData(['neurons'], await apiClient.get('/listneurons'));
    const { user } = renderRoute({ path: '/', element: <Page /> });

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Español' }));

    await waitFor(() => {
      expect(queryClient.getQueryState(['neurons'])?.isInvalidated).toBe(true);
    });
    expect(recordedCalls(spy)).toHaveLength(1);
  });

  it('stores the choice on the server for a signed-in user, so mail follows it', async () => {
    localStorage.setItem('token', 'session-token');
    const spy = stubFetch({ 'PUT /api/user/language': { status: 204 } });
    const { user } = renderRoute({ path: '/', element: <Page /> });

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Español' }));

    await screen.findByRole('heading', { name: 'Página no encontrada' });
    const [call] = recordedCalls(spy);
    expect(call?.method).toBe('PUT');
    expect(call?.path).toBe('/api/user/language');
    expect(call?.json).toEqual({ language: 'es' });
  });

  it('asks nothing of the server before sign-in', async () => {
    const spy = stubFetch();
    const { user } = renderRoute({ path: '/', element: <Page /> });
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Español' }));
    await screen.findByRole('heading', { name: 'Página no encontrada' });
    expect(spy).not.toHaveBeenCalled();
  });
});
