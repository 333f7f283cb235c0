import type { TDataProfile } from '@app/contracts/nucleus';
import { useRef, useState } from 'react';
import { cancelUpload } from '../api/cancel-upload';
import { confirmUpload } from '../api/confirm-upload';
import { createUploadUrl } from '../api/create-upload-url';
import { uploadFile } from '../../../lib/upload-file';

export type UploadState =
  | { step: 'idle' }
  /** `share` is null once the bytes are sent and the server reads the file. */
  | { step: 'uploading'; fileName: string; runId: string | null; share: number | null }
  | { step: 'profiled'; profile: TDataProfile }
  | { step: 'failed'; error: unknown };

/**
 * A file's way to a profile: a draft run and its signed address, the bytes PUT with progress,
 * then the confirm that profiles it. `cancel` stops the bytes and removes the draft. With
 * `onProfiled` the profile is handed over and the hook is ready for another file.
 */
export function useUpload(options: { onProfiled?: (profile: TDataProfile) => void } = {}) {
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const [isCancelling, setCancelling] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const runId = useRef<string | null>(null);

  const start = async (file: File) => {
    const abort = new AbortController();
    // A function, so each check reads the signal now (cancel may abort it between awaits).
    const isAborted = () => abort.signal.aborted;
    controller.current = abort;
    runId.current = null;
    setState({ step: 'uploading', fileName: file.name, runId: null, share: 0 });
    try {
      const address = await createUploadUrl(file.name);
      runId.current = address.runId;
      if (isAborted()) return;
      setState({ step: 'uploading', fileName: file.name, runId: address.runId, share: 0 });
      await uploadFile({
        signedUrl: address.signedUrl,
        file,
        signal: abort.signal,
        onProgress: (share) => {
          setState({ step: 'uploading', fileName: file.name, runId: address.runId, share });
        },
      });
      setState({ step: 'uploading', fileName: file.name, runId: address.runId, share: null });
      const profile = await confirmUpload(address.runId);
      if (isAborted()) return;
      if (options.onProfiled) {
        // The caller keeps the profile (a table of a relational run): ready for the next file.
        runId.current = null;
        setState({ step: 'idle' });
        options.onProfiled(profile);
        return;
      }
      setState({ step: 'profiled', profile });
    } catch (error) {
      if (isAborted()) return;
      setState({ step: 'failed', error });
    }
  };

  /** Stops an upload, or discards a profiled file: the draft and its file are removed. */
  const cancel = async () => {
    controller.current?.abort();
    const id = state.step === 'profiled' ? state.profile.runId : runId.current;
    setCancelling(true);
    try {
      if (id !== null) await cancelUpload(id);
    } catch {
      // The draft stays listed as DRAFT; the user can delete it from the runs.
    } finally {
      setCancelling(false);
      runId.current = null;
      setState({ step: 'idle' });
    }
  };

  return {
    state,
    isCancelling,
    start: (file: File) => {
      void start(file);
    },
    cancel: () => {
      void cancel();
    },
    reset: () => {
      setState({ step: 'idle' });
    },
  };
}
