import type { TEdgePackage } from '@app/contracts/nucleus-edge';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { signIn } from '../testing/nucleus-fixtures';
import { EdgePage } from './edge-page';

const SHA = 'a'.repeat(64);

function buildPackages(): TEdgePackage[] {
  return (['linux', 'macos', 'windows'] as const).map((opsys) => ({
    opsys,
    version: '1.0.0',
    fileName: `sinteza-edge-1.0.0-${opsys}${opsys === 'windows' ? '.zip' : '.tar.gz'}`,
    sizeBytes: 1_468_006,
    sha256: opsys === 'linux' ? SHA : 'b'.repeat(64),
  }));
}

function renderEdge(routes: Parameters<typeof stubFetch>[0] = {}, roles = [5]) {
  signIn({ roles });
  const spy = stubFetch({
    'GET /api/sinteza/edge/packages': { body: buildPackages() },
    'GET /api/sinteza/edge/package': ({ query }) => ({
      body: {
        ...buildPackages()[0],
        opsys: query.get('opsys'),
        signedUrl: `/files/edge-${query.get('opsys') ?? ''}?sig=1`,
        expiresAt: '2026-11-26T13:00:00Z',
      },
    }),
    'PUT /api/sinteza/edge/token/refresh': {
      body: {
        token: 'edge_tok_123',
        usageUrl: 'http://localhost/v1/sinteza/edge/usage',
        createdAt: '2026-11-26T12:00:00Z',
      },
    },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/nucleus/edge', element: <EdgePage /> }) };
}

describe('EdgePage', () => {
  it('shows a card per system with version, size and SHA-256, copies it and downloads through a signed address', async () => {
    const { user, spy } = renderEdge();
    const linux = await screen.findByRole('region', { name: 'Linux' });
    expect(within(linux).getByText('Version 1.0.0')).toBeVisible();
    expect(within(linux).getByText('1.4 MB')).toBeVisible();
    expect(within(linux).getByText(SHA)).toBeVisible();
    expect(
      within(linux).getByRole('region', { name: 'Check commands for Linux' }),
    ).toHaveTextContent('sha256sum sinteza-edge-1.0.0-linux.tar.gz');
    expect(
      within(screen.getByRole('region', { name: 'macOS' })).getByRole('region', {
        name: 'Check commands for macOS',
      }),
    ).toHaveTextContent('shasum -a 256 sinteza-edge-1.0.0-macos.tar.gz');
    const windows = screen.getByRole('region', { name: 'Windows' });
    expect(
      within(windows).getByRole('region', { name: 'Run commands for Windows' }),
    ).toHaveTextContent('Expand-Archive .\\sinteza-edge-1.0.0-windows.zip');

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(linux).getByRole('button', { name: 'Copy the SHA-256 of Linux' }));
    expect(writeText).toHaveBeenCalledWith(SHA);
    expect(await within(linux).findByText('Copied to the clipboard.')).toBeVisible();

    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await user.click(within(windows).getByRole('button', { name: 'Download for Windows' }));
    await waitFor(() => {
      expect(click).toHaveBeenCalled();
    });
    const asked = recordedCalls(spy).find((call) => call.path === '/api/sinteza/edge/package');
    expect(asked?.query.get('opsys')).toBe('windows');
    expect(asked?.query.get('version')).toBe('1.0.0');
  });

  it('creates a new edge token only after a confirmation and shows it once with copy', async () => {
    const { user, spy } = renderEdge();
    await user.click(await screen.findByRole('button', { name: 'Create a new edge token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a new edge token?' });
    expect(dialog).toHaveTextContent('The current edge token stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(recordedCalls(spy).some((call) => call.method === 'PUT')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Create a new edge token' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByDisplayValue('edge_tok_123')).toBeVisible();
    expect(screen.getByText('Copy the token now: it is shown only once.')).toBeVisible();
    expect(screen.getByLabelText('Usage address')).toHaveValue(
      'http://localhost/v1/sinteza/edge/usage',
    );
    expect(await screen.findByRole('button', { name: 'Copy the edge token' })).toBeEnabled();
  });

  it('shows a guest the packages but not the token refresh', async () => {
    renderEdge({}, [6]);
    expect(await screen.findByRole('region', { name: 'Linux' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create a new edge token' })).toBeNull();
    expect(
      screen.getByText("Only the team's owner or an admin can create an edge token."),
    ).toBeVisible();
  });

  it('says in Spanish why a download or a token refresh failed', async () => {
    await changeLanguage('es');
    const { user } = renderEdge({
      'GET /api/sinteza/edge/package': {
        status: 404,
        body: errorBody('EDGE_PACKAGE_NOT_FOUND', 'No package'),
      },
      'PUT /api/sinteza/edge/token/refresh': { status: 500, body: errorBody('INTERNAL') },
    });
    const linux = await screen.findByRole('region', { name: 'Linux' });
    expect(within(linux).getByText('Versión 1.0.0')).toBeVisible();
    await user.click(within(linux).getByRole('button', { name: 'Descargar para Linux' }));
    expect(await within(linux).findByRole('alert')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Crear un nuevo token edge' }));
    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    const dialog = screen.getByRole('dialog', { name: '¿Crear un nuevo token edge?' });
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(screen.queryByDisplayValue('edge_tok_123')).toBeNull();
  });

  it('shows a load error with Retry when the packages cannot be listed', async () => {
    renderEdge({ 'GET /api/sinteza/edge/packages': { status: 500, body: errorBody('INTERNAL') } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
