import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { buildSubscription, buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { TokenPage } from './token-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const TOKEN = { token: 'tok_abc123', microserviceUrl: 'http://localhost/v1/legalmind' };

function renderToken(routes: Routes = {}, roles = [5]) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser({ roles }));
  const spy = stubFetch({
    'GET /api/microservice/token/LegalMind': { body: TOKEN },
    'GET /api/currentplan/LegalMind': {
      body: { currentPlan: null, currentSubscription: buildSubscription() },
    },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/:neuron/token',
      element: <TokenPage />,
      initialEntry: '/neurons/LegalMind/token',
    }),
  };
}

describe('TokenPage', () => {
  it('shows the token and API address and copies the token', async () => {
    const { user } = renderToken();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByDisplayValue('tok_abc123')).toBeInTheDocument();
    expect(screen.getByLabelText('API address')).toHaveValue('http://localhost/v1/legalmind');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('tok_abc123');
    expect(await screen.findByText('The token has been copied.')).toBeInTheDocument();
  });

  it('disables Copy while the token loads', () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
    renderRoute({
      path: '/neurons/:neuron/token',
      element: <TokenPage />,
      initialEntry: '/neurons/LegalMind/token',
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it('says the service is down when the token cannot be fetched, with Copy disabled', async () => {
    renderToken({
      'GET /api/microservice/token/LegalMind': { status: 404, body: errorBody('NOT_FOUND') },
    });
    expect(
      await screen.findByText(
        'Sorry, right now the service is down, try again later to obtain the token',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it('says a team without a subscription has none yet, with the way to the plans', async () => {
    renderToken({
      'GET /api/microservice/token/LegalMind': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED'),
      },
    });
    expect(
      await screen.findByText(
        'Your team has no subscription to this neuron yet: choose a plan to get an access token.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plans' })).toHaveAttribute(
      'href',
      '/neurons/LegalMind/plans',
    );
    expect(screen.queryByText(/service is down/)).toBeNull();
  });

  it('asks before refreshing, and keeps the token when the person thinks better of it', async () => {
    const { user, spy } = renderToken();
    await screen.findByDisplayValue('tok_abc123');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await waitFor(() => {
      expect(refresh).toBeEnabled();
    });
    await user.click(refresh);
    const dialog = await screen.findByRole('dialog', { name: 'Refresh the access token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(recordedCalls(spy).some((c) => c.path.includes('/token/refresh/'))).toBe(false);
  });

  it('refreshes the token of the current subscription once confirmed', async () => {
    const { user, spy } = renderToken({
      'POST /api/microservice/token/refresh/LegalMind/sub-1': {
        body: { ...TOKEN, token: 'tok_new' },
      },
    });
    await screen.findByDisplayValue('tok_abc123');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await waitFor(() => {
      expect(refresh).toBeEnabled();
    });
    await user.click(refresh);
    const dialog = await screen.findByRole('dialog', { name: 'Refresh the access token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByDisplayValue('tok_new')).toBeInTheDocument();
    expect(
      recordedCalls(spy).some((c) => c.path === '/api/microservice/token/refresh/LegalMind/sub-1'),
    ).toBe(true);
  });

  it('says the service is down when the refresh fails', async () => {
    const { user } = renderToken({
      'POST /api/microservice/token/refresh/LegalMind/sub-1': {
        status: 503,
        body: errorBody('INTERNAL'),
      },
    });
    await screen.findByDisplayValue('tok_abc123');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await waitFor(() => {
      expect(refresh).toBeEnabled();
    });
    await user.click(refresh);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refresh' }),
    );
    expect(
      await screen.findByText(
        'Sorry, right now the service is down, try again later to obtain a new token',
      ),
    ).toBeInTheDocument();
    expect(screen.getByDisplayValue('tok_abc123')).toBeInTheDocument();
  });

  it('shows an invited member the token without Refresh and without billing calls', async () => {
    const { spy } = renderToken({}, [6]);
    expect(await screen.findByDisplayValue('tok_abc123')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(recordedCalls(spy).map((c) => c.path)).toEqual(['/api/microservice/token/LegalMind']);
  });
});
