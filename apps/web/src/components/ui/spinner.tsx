import { ui } from '@cotacoes/shared/messages/ui';
import { cn } from '@/lib/cn';

export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={cn('animate-spin', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner with a visible label, announced politely to screen readers. */
export function LoadingState({
  label = ui.common.loading,
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 py-12 text-fg-muted', className)}
    >
      <Spinner size={32} className="text-primary" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

export function FullPageLoading({ label = ui.common.loading }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg">
      <LoadingState label={label} />
    </div>
  );
}
