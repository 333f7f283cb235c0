import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { LegalMindAnonymizePage } from './legal-mind-anonymize-page';

describe('LegalMindAnonymizePage', () => {
  it('anonymizes with the team token already filled in', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    const spy = stubFetch({
      'GET /api/microservice/token/LegalMind': {
        body: { token: 'nrn_team', microserviceUrl: 'http://localhost/v1' },
      },
      'POST /v1/text/english': { text: '[PERSON_1] signed.' },
    });
    const { user } = renderRoute({
      path: '/neurons/:neuron/anonymize',
      element: <LegalMindAnonymizePage />,
      initialEntry: '/neurons/LegalMind/anonymize',
    });
    expect(screen.getByRole('heading', { name: 'Anonymize legal text' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('nrn_team')).toBe(
      screen.getByRole('textbox', { name: 'Token' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Text to anonymize' }), 'John signed.');
    await user.click(screen.getByRole('button', { name: 'Anonymize' }));
    expect(await screen.findByRole('dialog', { name: 'Info' })).toBeInTheDocument();
    expect(screen.getByTestId('anonymized-result')).toHaveTextContent('[PERSON_1] signed.');
    const call = recordedCalls(spy).find((c) => c.path === '/v1/text/english');
    expect(call?.query.get('token')).toBe('nrn_team');
  });
});
