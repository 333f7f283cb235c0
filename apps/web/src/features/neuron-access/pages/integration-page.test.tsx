import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/fetch-stub';
import { API_DOCUMENTS, buildNeuron, TOKENS } from '../testing/fixtures';
import { renderNeuronPage, type Routes } from '../testing/render-neuron-page';
import { IntegrationPage } from './integration-page';

function renderIntegration(neuron: 'FinancialViewer' | 'LegalMind', routes: Routes = {}) {
  return renderNeuronPage({
    neuron,
    page: 'integration',
    element: <IntegrationPage />,
    routes: {
      [`GET /api/info/${neuron}`]: { body: buildNeuron(neuron) },
      [`GET /api/microservice/token/${neuron}`]: { body: TOKENS[neuron] },
      [`GET /api/microservice/swagger/${neuron}`]: { body: API_DOCUMENTS[neuron] },
      ...routes,
    },
  });
}

describe('IntegrationPage', () => {
  it('shows curl, JavaScript and Python examples at the API address without the real token', async () => {
    const { user } = renderIntegration('FinancialViewer');
    const code = await screen.findByRole('region', { name: 'curl' });
    expect(code).toHaveTextContent(
      "curl -X GET 'http://localhost/v1/financial/getbanks?token=YOUR_TOKEN&country=ES'",
    );
    await user.click(screen.getByRole('tab', { name: 'JavaScript (fetch)' }));
    expect(screen.getByRole('region', { name: 'JavaScript (fetch)' })).toHaveTextContent(
      'await fetch("http://localhost/v1/financial/getbanks?token=YOUR_TOKEN&country=ES"',
    );
    await user.click(screen.getByRole('tab', { name: 'Python (requests)' }));
    expect(screen.getByRole('region', { name: 'Python (requests)' })).toHaveTextContent(
      'requests.get("http://localhost/v1/financial/getbanks?token=YOUR_TOKEN&country=ES")',
    );
    expect(document.body.textContent).not.toContain('nrn_secret_fv');
  });

  it('builds the LegalMind call with its JSON body and copies it', async () => {
    const { user } = renderIntegration('LegalMind');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const code = await screen.findByRole('region', { name: 'curl' });
    expect(code).toHaveTextContent("'http://localhost/v1/text/english?token=YOUR_TOKEN'");
    expect(code).toHaveTextContent('John Smith');
    await user.click(screen.getByRole('button', { name: 'Copy curl' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('YOUR_TOKEN'));
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('nrn_secret_lm');
  });

  it('renders every operation with its parameters, body and answers', async () => {
    const { user } = renderIntegration('FinancialViewer');
    const reference = await screen.findByRole('region', { name: 'API reference' });
    const operations = within(reference).getAllByRole('heading', { level: 3 });
    expect(operations.map((heading) => heading.textContent)).toEqual([
      expect.stringMatching(/^GET\/v1\/financial\/getbanks/),
      expect.stringMatching(/^POST\/v1\/financial\/addconexionfile/),
      expect.stringMatching(/^POST\/v1\/financial\/getaccountsbalances/),
    ]);
    await user.click(within(reference).getByRole('button', { name: /addconexionfile/ }));
    const parameters = await within(reference).findByRole('table', { name: 'Parameters' });
    expect(within(parameters).getByText('account_id')).toBeInTheDocument();
    expect(reference).toHaveTextContent(
      'multipart/form-data, with the file in the field document.',
    );
    expect(reference).toHaveTextContent('202');
  });

  it('downloads the OpenAPI document as JSON', async () => {
    const createObjectURL = vi.fn(() => 'blob:doc');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = renderIntegration('LegalMind');
    await user.click(await screen.findByRole('button', { name: 'Download OpenAPI (JSON)' }));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(click).toHaveBeenCalled();
    expect(click.mock.contexts[0]).toHaveProperty('download', 'LegalMind-openapi.json');
  });

  it('still documents the API without a subscription, at the neuron address', async () => {
    renderIntegration('LegalMind', {
      'GET /api/microservice/token/LegalMind': { status: 404, body: errorBody('NOT_FOUND') },
    });
    expect(await screen.findByRole('region', { name: 'curl' })).toHaveTextContent(
      'http://localhost/v1/text/english?token=YOUR_TOKEN',
    );
  });

  it('says so for a neuron without a public API', async () => {
    renderNeuronPage({
      neuron: 'Nucleus',
      page: 'integration',
      element: <IntegrationPage />,
      routes: {
        'GET /api/info/Nucleus': { body: { ...buildNeuron('LegalMind'), name: 'Nucleus' } },
        'GET /api/microservice/swagger/Nucleus': { status: 404, body: errorBody('NOT_FOUND') },
      },
    });
    expect(
      await screen.findByText('This neuron does not exist or has no public API.'),
    ).toBeInTheDocument();
  });
});
