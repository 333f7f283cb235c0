import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../test/fetch-stub';
import { apiClient } from './api-client';
import { ApiError } from './api-error';
import { i18n } from './i18n';
import { queryClient } from './query-client';
import { SIGN_IN_PATH, setSignOutNavigator } from './sign-out';

function watchSignOut() {
  const navigate = vi.fn<(path: string) => void>();
  setSignOutNavigator(navigate);
  return navigate;
}

describe('apiClient', () => {
  afterEach(() => {
    setSignOutNavigator(() => undefined);
  });

  it('sends the stored token and the UI language', async () => {
    localStorage.setItem('token', 'jwt');
    await i18n.changeLanguage('es');
    const spy = stubFetch({ 'GET /api/user': { body: { id: 'u1' } } });

    await expect(apiClient.get('/user')).resolves.toEqual({ id: 'u1' });
    const [call] = recordedCalls(spy);
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(call?.headers.get('Accept-Language')).toBe('es');
  });

  it('sends JSON bodies and resolves 204 to undefined', async () => {
    const spy = stubFetch({ 'POST /api/user/contact': { status: 204 } });
    await expect(
      apiClient.post('/user/contact', { body: { subject: 'a', body: 'b' } }),
    ).resolves.toBeUndefined();
    const [call] = recordedCalls(spy);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.json).toEqual({ subject: 'a', body: 'b' });
    expect(call?.headers.has('Authorization')).toBe(false);
  });

  it('parses the error envelope into an ApiError', async () => {
    stubFetch({
      'POST /api/register': {
        status: 400,
        body: errorBody('VALIDATION', 'Invalid', { email: 'validation.email.notCorporate' }),
      },
    });
    const error: unknown = await apiClient.post('/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Invalid',
      fields: { email: 'validation.email.notCorporate' },
    });
  });

  it('turns a request without an answer into a network ApiError', async () => {
    stubFetch({ 'GET /api/user': 'network-error' });
    await expect(apiClient.get('/user')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it.each([401, 403])(
    'signs out on %i: clears storage and the query cache, goes to sign-in',
    async (status) => {
      const navigate = watchSignOut();
      localStorage.setItem('token', 'jwt');
      localStorage.setItem('language', 'es');
      queryClient.setQueryData(['user'], { id: 'u1' });
      stubFetch({ 'GET /api/user': { status, body: errorBody('UNAUTHORIZED') } });

      await expect(apiClient.get('/user')).rejects.toMatchObject({ status });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('language')).toBe('es');
      expect(queryClient.getQueryData(['user'])).toBeUndefined();
      expect(navigate).toHaveBeenCalledWith(SIGN_IN_PATH);
    },
  );

  it('does not sign out on a 401 of a public auth call such as login', async () => {
    const navigate = watchSignOut();
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'POST /api/login': { status: 401, body: errorBody('INVALID_CREDENTIALS') } });

    await expect(
      apiClient.post('/login', { body: {}, signOutOnUnauthorized: false }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(navigate).not.toHaveBeenCalled();
  });
});
