import type { TLoaderDatasetRequest } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-error';
import { i18n } from '../../../../lib/i18n';
import { renderRoute } from '../../../../test/render';
import { buildDimensions, signIn } from '../../testing/dataverse-fixtures';
import '../i18n/register';
import { MetadataStep } from './metadata-step';

function renderStep(onSubmit = vi.fn<(request: TLoaderDatasetRequest) => Promise<unknown>>()) {
  signIn();
  onSubmit.mockResolvedValue(undefined);
  const view = renderRoute({
    path: '/axon/add-data',
    element: <MetadataStep dimensions={buildDimensions()} onSubmit={onSubmit} />,
  });
  return { ...view, onSubmit };
}

describe('MetadataStep', { timeout: 30_000 }, () => {
  it('asks for the name and the description before anything is sent', async () => {
    const { user, onSubmit } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a per-row price typed in euro as cents, with the chosen codes', async () => {
    const { user, onSubmit } = renderStep();
    await user.type(screen.getByLabelText('Name'), 'Customer spend');
    await user.type(screen.getByLabelText('Description'), 'Spend per customer.');
    await user.click(screen.getByLabelText('Industries'));
    await user.click(
      await screen.findByRole('option', { name: 'Financial and insurance activities' }),
    );
    await user.click(screen.getByLabelText('Country'));
    await user.click(await screen.findByRole('option', { name: 'Spain' }));
    await user.selectOptions(screen.getByLabelText('Price model'), 'Per row');
    await user.type(screen.getByLabelText('Price (€)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter an amount in euro, such as 2,50')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Price (€)'));
    await user.type(screen.getByLabelText('Price (€)'), '2,50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledOnce();
    });
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      datasetName: 'Customer spend',
      industries: ['K'],
      country: 'ES',
      priceModel: '0003',
      pricingBase: 100,
      pricingValue: 250,
    });
  });

  it('refuses a per-row price of 0 and shows the server’s field errors in the user’s language', async () => {
    await i18n.changeLanguage('es');
    try {
      const onSubmit = vi.fn<(request: TLoaderDatasetRequest) => Promise<unknown>>();
      const { user } = renderStep(onSubmit);
      onSubmit.mockRejectedValue(
        new ApiError({
          status: 400,
          code: 'VALIDATION',
          message: 'Unknown code',
          fields: { country: 'validation.invalid' },
        }),
      );
      await user.type(screen.getByLabelText('Nombre'), 'Gasto');
      await user.type(screen.getByLabelText('Descripción'), 'Gasto por cliente.');
      await user.selectOptions(screen.getByLabelText('Modelo de precio'), 'Por fila');
      await user.type(screen.getByLabelText('Precio (€)'), '0');
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('Introduce un valor válido')).toBeVisible();
      expect(onSubmit).not.toHaveBeenCalled();

      await user.selectOptions(screen.getByLabelText('Modelo de precio'), 'Gratis');
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('Introduce un valor válido')).toBeVisible();
      expect(onSubmit).toHaveBeenCalledOnce();
      expect(screen.queryByText('Unknown code')).toBeNull();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
