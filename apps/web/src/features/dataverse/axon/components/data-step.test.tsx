import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-error';
import { renderRoute } from '../../../../test/render';
import { signIn } from '../../testing/dataverse-fixtures';
import { uploadInstance } from '../api/upload-instance';
import '../i18n/register';
import { buildInstance } from '../testing/axon-fixtures';
import { DataStep } from './data-step';

vi.mock('../api/upload-instance', () => ({ uploadInstance: vi.fn() }));

function renderStep(options: { isZipAllowed: boolean }) {
  signIn();
  const onUploaded = vi.fn();
  const view = renderRoute({
    path: '/axon/add-data',
    element: (
      <DataStep datasetId="dataset-1" isZipAllowed={options.isZipAllowed} onUploaded={onUploaded} />
    ),
  });
  return { ...view, onUploaded };
}

/** Picks a file as the browser's dialog would, whatever its `accept` list. */
function pick(file: File) {
  fireEvent.change(screen.getByLabelText('Data file'), { target: { files: [file] } });
}

function csv(name = 'customers.csv', content = 'email,spend\na@b.es,3\n') {
  return new File([content], name, { type: 'text/csv' });
}

describe('DataStep', { timeout: 30_000 }, () => {
  it('refuses a file that is not CSV or zip before sending anything', async () => {
    renderStep({ isZipAllowed: true });
    pick(new File(['x'], 'notes.txt'));
    expect(screen.getByText('Only CSV and zip files are supported.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(uploadInstance).not.toHaveBeenCalled();
  });

  it('takes only a CSV file for a new version of a dataset', async () => {
    renderStep({ isZipAllowed: false });
    pick(new File(['x'], 'tables.zip'));
    expect(screen.getByText('A new version takes one CSV file.')).toBeVisible();
    pick(csv('empty.csv', ''));
    expect(screen.getByText('The file is empty.')).toBeVisible();
  });

  it('shows the bytes’ progress, then hands over the version being profiled', async () => {
    const instance = buildInstance({ status: 'PROFILING', progress: 0 });
    let finish: (value: typeof instance) => void = () => undefined;
    vi.mocked(uploadInstance).mockImplementation(({ onProgress }) => {
      onProgress(0.4);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { user, onUploaded } = renderStep({ isZipAllowed: true });
    await user.upload(screen.getByLabelText('Data file'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Sent 40 %')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    finish(instance);
    await waitFor(() => {
      expect(onUploaded).toHaveBeenCalledWith(instance);
    });
  });

  it('translates the server’s refusals: too large, a version already in progress', async () => {
    vi.mocked(uploadInstance).mockRejectedValueOnce(
      new ApiError({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than 10 MB: upload it through a signed address.',
      }),
    );
    const { user } = renderStep({ isZipAllowed: true });
    await user.upload(screen.getByLabelText('Data file'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file is larger than 2 GB.')).toBeVisible();
    expect(screen.queryByText(/signed address/)).toBeNull();

    vi.mocked(uploadInstance).mockRejectedValueOnce(
      new ApiError({
        status: 409,
        code: 'CONFLICT',
        message: 'A version of this dataset is being loaded',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(/A version of this dataset is already being loaded/),
    ).toBeVisible();
  });

  it('cancels an upload: the bytes stop and the version the server made is cancelled', async () => {
    let signal: AbortSignal | undefined;
    vi.mocked(uploadInstance).mockImplementation((options) => {
      signal = options.signal;
      options.onCreated('version-1');
      return new Promise(() => undefined);
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(buildInstance({ status: 'CANCELLED' })), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { user, onUploaded } = renderStep({ isZipAllowed: true });
    await user.upload(screen.getByLabelText('Data file'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => {
      expect(fetchSpy).toHaveBeenCalledWith(
        '/api/loader/dataset/dataset-1/instance/version-1/cancel',
        expect.objectContaining({ method: 'POST' }),
      );
    });
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
