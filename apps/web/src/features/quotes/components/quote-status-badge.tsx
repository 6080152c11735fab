import { type QuoteStatusColor, quoteStatusInfo } from '@cotacoes/shared/rules/quote-status';
import { cn } from '@/lib/cn';

/** The shared status colours (spec 001 §4) in both themes, text kept at AA contrast. */
const colors: Record<QuoteStatusColor, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-400/15 dark:text-yellow-200',
  blue: 'bg-blue-100 text-blue-900 ring-blue-600/30 dark:bg-blue-400/15 dark:text-blue-200',
  orange: 'bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-400/15 dark:text-orange-200',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-400/15 dark:text-emerald-200',
  gray: 'bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-400/15 dark:text-slate-200',
  red: 'bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-400/15 dark:text-red-200',
};

/** A quote's status, the same words and colour on every screen (quoteStatusInfo, packages/shared). */
export function QuoteStatusBadge({ status, className }: { status: string; className?: string }) {
  const info = quoteStatusInfo(status);
  return (
    <span
      data-color={info.color}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        colors[info.color],
        className ?? 'whitespace-nowrap',
      )}
    >
      {info.label}
    </span>
  );
}
