import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { inboundStatusKey } from './get-inbound-sources';
import { mailboxConnectionsKey } from './mail-sources-keys';

/**
 * After a connect, sync or disconnect: 'Fontes de e-mail' and every provider section read their lists
 * again, so the same mailbox never shows two counts on one page.
 */
export function useRefreshMailSources() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
        queryClient.invalidateQueries({ queryKey: mailboxConnectionsKey }),
      ]),
    [queryClient],
  );
}
