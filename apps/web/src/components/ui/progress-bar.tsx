import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** Accessible name of the bar. */
  label: string;
  value: number;
  max?: number;
  /** Spoken instead of the number, e.g. '2 de 5 responderam'. */
  valueText?: string;
  className?: string;
}

/** A determinate progress bar (uploads, sending, answers received). */
export function ProgressBar({ label, value, max = 100, valueText, className }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-surface-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
