import type { TEdgePackageResponse } from '@app/contracts/nucleus-edge';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A signed download address of one system's package (the latest version when left out). */
export function getEdgePackage({ opsys, version }: { opsys: string; version?: string }) {
  const query = new URLSearchParams({ opsys, ...(version ? { version } : {}) });
  return apiClient.get<TEdgePackageResponse>(`/sinteza/edge/package?${query.toString()}`);
}

/** Asked when the user downloads: the address expires. */
export function useEdgePackage() {
  return useMutation({ mutationFn: getEdgePackage });
}
