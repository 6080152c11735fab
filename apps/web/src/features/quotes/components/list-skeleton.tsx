import { ui } from '@cotacoes/shared/messages/ui';

/** Card-shaped placeholders while the quotes load on narrow screens (announced once). */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3 md:grid-cols-2">
      <span className="sr-only">{ui.common.loading}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={index}
          aria-hidden="true"
          className="animate-pulse rounded-xl border border-border bg-surface p-4"
        >
          <div className="h-4 w-1/3 rounded bg-surface-muted" />
          <div className="mt-3 h-3 w-2/3 rounded bg-surface-muted" />
          <div className="mt-2 h-3 w-1/2 rounded bg-surface-muted" />
          <div className="mt-4 h-8 rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}
