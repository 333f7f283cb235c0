import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ChallengePage } from './challenge-page';

const INTENT = {
  id: 'pi_123',
  customerId: 'cus_1',
  amountCents: 5929,
  currency: 'eur',
  clientSecret: 'pi_123_secret',
  status: 'requires_action',
  paymentMethodId: 'pm_3ds',
  lastError: null,
  nextActionUrl: 'http://localhost/sandbox/challenge/pi_123',
  metadata: {},
};

function ReturnProbe() {
  return <p data-testid="returned">returned</p>;
}

function renderChallenge(outcomeStatus: string) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/sandbox/payment_intents/pi_123': { body: INTENT },
    'POST /api/sandbox/payment_intents/pi_123/challenge': {
      body: { ...INTENT, status: outcomeStatus },
    },
  });
  const view = renderRoutes(
    [
      { path: '/sandbox/challenge/:intentId', element: <ChallengePage /> },
      { path: '/account/subscription', element: <ReturnProbe /> },
    ],
    '/sandbox/challenge/pi_123?returnTo=%2Faccount%2Fsubscription',
  );
  return { spy, ...view };
}

describe('ChallengePage', () => {
  it('shows the amount and returns with a success after "Complete authentication"', async () => {
    const { user, spy, router } = renderChallenge('succeeded');
    expect(await screen.findByLabelText('Amount')).toHaveTextContent(/59,29\s€/);
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByTestId('returned')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/subscription');
    expect(router.state.location.state).toEqual({ challengeResult: 'success' });
    expect(recordedCalls(spy).find((c) => c.method === 'POST')?.json).toEqual({
      outcome: 'succeed',
    });
  });

  it('returns with a failure after "Fail authentication"', async () => {
    const { user, spy, router } = renderChallenge('requires_payment_method');
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByTestId('returned')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ challengeResult: 'failed' });
    expect(recordedCalls(spy).find((c) => c.method === 'POST')?.json).toEqual({ outcome: 'fail' });
  });
});
