import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isUpdating, useConnections } from '../api/get-connections';
import { financialViewerKeys } from '../api/query-keys';

/**
 * Follows the connections while the module is open (they are read every 3 s while one is
 * UPDATING) and, when the last one finishes, reads again what a bank brings: accounts,
 * companies, transactions and everything made from them.
 */
export function useReloadWhenSynced({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  const connections = useConnections({ enabled });
  const isSyncing = isUpdating(connections.data);
  const wasSyncing = useRef(false);
  useEffect(() => {
    if (wasSyncing.current && !isSyncing) {
      for (const part of ['accounts', 'companies', 'data']) {
        void queryClient.invalidateQueries({ queryKey: [...financialViewerKeys.all, part] });
      }
    }
    wasSyncing.current = isSyncing;
  }, [isSyncing, queryClient]);
}
