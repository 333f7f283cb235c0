import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callLogKeys } from '../../../components/call-log/get-call-logs';
import { errorBody, recordedCalls } from '../../../test/fetch-stub';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { neuronAccessKeys } from '../api/query-keys';
import { API_DOCUMENTS, buildNeuron, buildStatistics, NO_CALLS, TOKENS } from '../testing/fixtures';
import { renderNeuronPage, type Routes } from '../testing/render-neuron-page';
import { TestPage } from './test-page';

function renderTest(
  neuron: 'FinancialViewer' | 'LegalMind',
  routes: Routes = {},
  roles?: number[],
) {
  return renderNeuronPage({
    neuron,
    page: 'test',
    element: <TestPage />,
    ...(roles ? { roles } : {}),
    routes: {
      [`GET /api/info/${neuron}`]: { body: buildNeuron(neuron) },
      [`GET /api/microservice/token/${neuron}`]: { body: TOKENS[neuron] },
      [`GET /api/microservice/swagger/${neuron}`]: { body: API_DOCUMENTS[neuron] },
      ...routes,
    },
  });
}

describe('TestPage', () => {
  it('sends getbanks with the team token and country ES, and shows the answer', async () => {
    const { user, spy } = renderTest('FinancialViewer', {
      'GET /v1/financial/getbanks': {
        body: [{ bank_name: 'BBVA', bank_code: 'BBVA', country_code: 'ES', logo: '' }],
      },
    });
    const token = await screen.findByLabelText(/^token/);
    // The token is filled in, hidden until asked for.
    expect(token).toHaveValue('nrn_secret_fv');
    expect(token).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(token).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'country' })).toHaveValue('ES');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const body = await screen.findByTestId('answer-body');
    expect(body).toHaveTextContent('"bank_name": "BBVA"');
    expect(screen.getByText(/^Status 200/)).toBeInTheDocument();
    expect(screen.getByText(/^Time \d+ ms$/)).toBeInTheDocument();

    const call = recordedCalls(spy).find((c) => c.path === '/v1/financial/getbanks');
    expect(call?.method).toBe('GET');
    expect(call?.query.get('token')).toBe('nrn_secret_fv');
    expect(call?.query.get('country')).toBe('ES');
    // The session's token never travels to the neuron's API.
    expect(call?.headers.has('Authorization')).toBe(false);
  });

  it('has the usage and performance pages count a refused call instead of their earlier figures', async () => {
    const statistics = neuronAccessKeys.statistics('FinancialViewer', 'month');
    const logs = callLogKeys.logs('FinancialViewer', 'week');
    // What the overview and usage pages had read before the call.
    queryClient.setQueryData(statistics, buildStatistics(NO_CALLS));
    queryClient.setQueryData(logs, []);
    const { user } = renderTest('FinancialViewer', {
      'GET /v1/financial/getbanks': { status: 400, body: errorBody('VALIDATION') },
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Status 400/)).toBeInTheDocument();
    await waitFor(() => {
      expect(queryClient.getQueryState(statistics)?.isInvalidated).toBe(true);
    });
    expect(queryClient.getQueryState(logs)?.isInvalidated).toBe(true);
  });

  it('sends a LegalMind paragraph in text mode and shows the text answer', async () => {
    const { user, spy } = renderTest('LegalMind', {
      'POST /v1/text/english': { text: 'This Agreement is made between [PERSON_1] and [ORG_1].' },
    });
    const body = await screen.findByRole('textbox', { name: 'Body (JSON)' });
    expect((body as HTMLTextAreaElement).value).toContain('John Smith');
    expect(screen.getByRole('textbox', { name: 'mode' })).toHaveValue('text');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('answer-body')).toHaveTextContent(
      'This Agreement is made between [PERSON_1] and [ORG_1].',
    );
    const call = recordedCalls(spy).find((c) => c.path === '/v1/text/english');
    expect(call?.query.get('token')).toBe('nrn_secret_lm');
    expect(call?.json).toEqual({ text: expect.stringContaining('Mary Jones') as string });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it('shows an error answer with its meaning in the user language', async () => {
    await i18n.changeLanguage('es');
    const { user } = renderTest('LegalMind', {
      'POST /v1/text/english': {
        status: 401,
        body: errorBody('UNAUTHORIZED', 'Invalid or expired token'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    const answer = await screen.findByRole('region', { name: 'Respuesta' });
    expect(within(answer).getByText(/^Estado 401/)).toBeInTheDocument();
    expect(within(answer).getByText('Token no válido o caducado')).toBeInTheDocument();
    expect(within(answer).getByTestId('answer-body')).toHaveTextContent('"code": "UNAUTHORIZED"');
  });

  it('says when the API gives no answer at all', async () => {
    const { user } = renderTest('LegalMind', { 'POST /v1/text/english': 'network-error' });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/The API did not answer/)).toBeInTheDocument();
  });

  it('refuses a body that is not JSON without calling', async () => {
    const { user, spy } = renderTest('LegalMind');
    const body = await screen.findByRole('textbox', { name: 'Body (JSON)' });
    await user.clear(body);
    await user.type(body, 'not json');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The refusal is told on the body itself.
    await waitFor(() => {
      expect(body).toHaveAccessibleDescription('The body is not valid JSON.');
    });
    expect(recordedCalls(spy).some((c) => c.path.startsWith('/v1/'))).toBe(false);
  });

  it('sends a file in the document field of addconexionfile', async () => {
    const { user, spy } = renderTest('FinancialViewer', {
      'POST /v1/financial/addconexionfile': { status: 202, body: { status: 'QUEUED' } },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Operation' }));
    await user.click(await screen.findByRole('option', { name: /addconexionfile/ }));
    await user.type(screen.getByRole('textbox', { name: /^conn_id/ }), 'c-1');
    await user.type(screen.getByRole('textbox', { name: /^account_id/ }), 'a-1');
    await user.upload(
      screen.getByLabelText('Choose file (document)'),
      new File(['date;amount'], 'statement.csv', { type: 'text/csv' }),
    );
    expect(screen.getByText('statement.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Status 202/)).toBeInTheDocument();
    const call = recordedCalls(spy).find((c) => c.path === '/v1/financial/addconexionfile');
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body as FormData).get('document')).toBeInstanceOf(File);
    expect(call?.query.get('conn_id')).toBe('c-1');
  });

  it('asks for a required parameter before calling', async () => {
    const { user, spy } = renderTest('FinancialViewer');
    await user.click(await screen.findByRole('combobox', { name: 'Operation' }));
    await user.click(await screen.findByRole('option', { name: /addconexionfile/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: /^conn_id/ })).toHaveAccessibleDescription(
        'Fill in conn_id: it is required.',
      );
    });
    expect(screen.getByText('Choose a file to send.')).toBeInTheDocument();
    expect(recordedCalls(spy).some((c) => c.path.startsWith('/v1/'))).toBe(false);
  });

  it('without a subscription sends the owner to the plans', async () => {
    renderTest('FinancialViewer', {
      'GET /api/microservice/token/FinancialViewer': { status: 404, body: errorBody('NOT_FOUND') },
    });
    const region = await screen.findByRole('region', { name: 'No subscription yet' });
    expect(within(region).getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer/plans',
    );
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('tells an invited member who can subscribe, with no plans link', async () => {
    renderTest(
      'LegalMind',
      { 'GET /api/microservice/token/LegalMind': { status: 404, body: errorBody('NOT_FOUND') } },
      [6],
    );
    const region = await screen.findByRole('region', { name: 'No subscription yet' });
    expect(region).toHaveTextContent("Ask your team's owner");
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('shows a translated error when the API document cannot be read', async () => {
    renderTest('LegalMind', {
      'GET /api/microservice/swagger/LegalMind': {
        status: 500,
        body: errorBody('INTERNAL', 'Internal Server Error'),
      },
    });
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Oops something went wrong, try again in a while.',
      );
    });
  });
});
