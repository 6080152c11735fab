import { ui } from '@cotacoes/shared/messages/ui';

/** Card-shaped placeholders while a list loads (announced once as 'Carregando...'). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{ui.common.loading}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={index}
          aria-hidden="true"
          className="animate-pulse rounded-xl border border-border bg-surface p-4"
        >
          <div className="h-4 w-1/3 rounded bg-surface-muted" />
          <div className="mt-2 h-3 w-1/2 rounded bg-surface-muted" />
          <div className="mt-3 h-5 w-1/4 rounded-full bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}
