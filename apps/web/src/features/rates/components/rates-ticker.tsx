import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { RatesResponse } from '@cotacoes/shared/schemas/auth';
import { cn } from '@/lib/cn';
import { formatRate, formatTime } from '@/lib/format';
import { useRates } from '../api/get-rates';

/** Default pairs of spec 3, read under the key base+quote, field bid. */
const PAIRS = [
  { base: 'USD', quote: 'BRL' },
  { base: 'EUR', quote: 'BRL' },
  { base: 'CNY', quote: 'BRL' },
] as const;

function readBid(data: RatesResponse | undefined, key: string): number | null {
  const entry = (data as Record<string, unknown> | undefined)?.[key] as { bid?: unknown } | undefined;
  const bid = Number(entry?.bid);
  return entry && Number.isFinite(bid) ? bid : null;
}

export function RatesTicker({ className }: { className?: string }) {
  const { data } = useRates();
  const updated = data?.updatedAt ? formatTime(data.updatedAt) : null;
  const hint = data?.fallback
    ? ui.shell.topBar.ratesReferenceHint
    : updated
      ? formatMessage(ui.shell.topBar.ratesUpdatedAt, { time: updated })
      : undefined;
  return (
    <section
      aria-label={ui.shell.topBar.ratesLabel}
      title={hint}
      className={cn('flex items-center gap-3', className)}
    >
      <dl className="flex items-center gap-3 text-sm">
        {PAIRS.map(({ base, quote }) => {
          const bid = readBid(data, `${base}${quote}`);
          return (
            <div key={base} className="flex items-baseline gap-1.5">
              <dt className="text-xs font-semibold text-fg-muted">{base}</dt>
              <dd className="font-medium tabular-nums text-fg">
                {bid === null ? ui.shell.topBar.rateMissing : `R$ ${formatRate(bid)}`}
              </dd>
            </div>
          );
        })}
      </dl>
      {data?.fallback && (
        <span className="rounded bg-warning-soft px-1.5 py-0.5 text-[11px] font-semibold text-warning-soft-fg">
          {ui.shell.topBar.ratesReference}
          <span className="sr-only">: {ui.shell.topBar.ratesReferenceHint}</span>
        </span>
      )}
    </section>
  );
}
