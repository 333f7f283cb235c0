import {
  LOADER_MULTIPART_MAX_BYTES,
  type TInstance,
  type TLoaderUploadUrlResponse,
} from '@app/contracts';
import { apiClient } from '../../../../lib/api-client';
import { postFormWithProgress, uploadFile } from '../../../../lib/upload-file';

type UploadOptions = {
  datasetId: string;
  file: File;
  /** 0 to 1 as the bytes go. */
  onProgress: (share: number) => void;
  /** The version as soon as the server made it, so that cancel can remove it. */
  onCreated: (dsiId: string) => void;
  signal: AbortSignal;
};

function datasetPath(datasetId: string): string {
  return `/loader/dataset/${encodeURIComponent(datasetId)}`;
}

/**
 * A new version of the dataset from a file: small files in the request (multipart), larger
 * ones PUT to a signed address and then confirmed. Resolves with the version being profiled.
 */
export async function uploadInstance(options: UploadOptions): Promise<TInstance> {
  const { datasetId, file, onProgress, signal } = options;
  if (file.size <= LOADER_MULTIPART_MAX_BYTES) {
    const form = new FormData();
    form.append('file', file, file.name);
    const instance = await postFormWithProgress<TInstance>({
      path: `${datasetPath(datasetId)}/instance`,
      form,
      onProgress,
      signal,
    });
    options.onCreated(instance.dsiId);
    return instance;
  }
  const query = new URLSearchParams({ fileName: file.name });
  const address = await apiClient.post<TLoaderUploadUrlResponse>(
    `${datasetPath(datasetId)}/instance/url?${query.toString()}`,
    { signal },
  );
  options.onCreated(address.dsiId);
  await uploadFile({ signedUrl: address.signedUrl, file, onProgress, signal });
  return apiClient.put<TInstance>(
    `${datasetPath(datasetId)}/instance/${encodeURIComponent(address.dsiId)}/url/confirm`,
    { signal },
  );
}
