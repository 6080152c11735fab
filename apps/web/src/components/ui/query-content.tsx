import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { LoadingState } from './spinner';

/** What a section needs of a query (TanStack Query's result). */
interface SectionQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A section's body that waits on one query: a labelled spinner while it loads, the error with
 * 'Tentar novamente' when it fails, then `children(data)`.
 */
export function QueryContent<T>({
  query,
  loadingLabel,
  errorFallback,
  retryLabel = ui.common.retry,
  children,
}: {
  query: SectionQuery<T>;
  loadingLabel: string;
  errorFallback: string;
  retryLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError || query.data === undefined)
    return (
      <div className="space-y-3">
        <Alert variant="error">{errorText(query.error, errorFallback)}</Alert>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {retryLabel}
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}
