import type { TInstance } from '@app/contracts';
import { useRef, useState } from 'react';
import { cancelInstance } from '../api/review-instance';
import { uploadInstance } from '../api/upload-instance';

export type InstanceUploadState =
  | { step: 'idle' }
  /** `share`: 0 to 1 of the bytes sent. */
  | { step: 'uploading'; fileName: string; share: number }
  | { step: 'failed'; error: unknown };

/**
 * A file's way into a new version of the dataset, with the bytes' progress. `cancel` stops
 * the bytes and cancels the version if the server made one (which removes its file).
 */
export function useInstanceUpload(options: {
  datasetId: string;
  onUploaded: (instance: TInstance) => void;
}) {
  const [state, setState] = useState<InstanceUploadState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const createdId = useRef<string | null>(null);

  const start = async (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    createdId.current = null;
    setState({ step: 'uploading', fileName: file.name, share: 0 });
    try {
      const instance = await uploadInstance({
        datasetId: options.datasetId,
        file,
        signal: abort.signal,
        onCreated: (dsiId) => {
          createdId.current = dsiId;
        },
        onProgress: (share) => {
          setState({ step: 'uploading', fileName: file.name, share });
        },
      });
      if (abort.signal.aborted) return;
      setState({ step: 'idle' });
      options.onUploaded(instance);
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ step: 'failed', error });
    }
  };

  const cancel = async () => {
    controller.current?.abort();
    setState({ step: 'idle' });
    const dsiId = createdId.current;
    createdId.current = null;
    if (dsiId === null) return;
    try {
      await cancelInstance({ datasetId: options.datasetId, dsiId });
    } catch {
      // The version stays listed as in progress; the dataset page can cancel it.
    }
  };

  return {
    state,
    start: (file: File) => {
      void start(file);
    },
    cancel: () => {
      void cancel();
    },
  };
}
