import type { TDataResponse } from '@app/contracts/nucleus';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type DataFormat = TDataResponse['format'];

/** A signed address of the run's rows in `format` (converted once by the server). */
export function getRunData({
  runId,
  format,
  table = null,
}: {
  runId: string;
  format: DataFormat;
  /** A relational run's table. */
  table?: string | null;
}) {
  const query = new URLSearchParams({ format, ...(table === null ? {} : { table }) });
  return apiClient.get<TDataResponse>(
    `/sinteza/run/${encodeURIComponent(runId)}/data?${query.toString()}`,
  );
}

/** Asked when the user downloads, not before: a conversion can take a while. */
export function useRunData() {
  return useMutation({ mutationFn: getRunData });
}
