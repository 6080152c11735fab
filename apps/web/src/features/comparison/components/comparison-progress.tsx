import { FALLBACK_PROGRESS_TOTAL } from '@cotacoes/shared/comparison/index';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { WAITING_STATUSES } from '@cotacoes/shared/rules/quote-status';
import { useRef, useState } from 'react';
import type { QuoteDetail } from '@/api/get-quote';
import { RefreshIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RevisionModal } from '@/features/decisions';
import { type ResponseEntry, useResponses } from '@/features/responses';

const t = ui.decisions.comparison;

export function answerProgress(
  quote: QuoteDetail,
  entries: readonly ResponseEntry[] | undefined,
): { respondidas: number; total: number } {
  // The responses list is polled; the quote's counter is the first answer until it arrives.
  const respondidas = entries
    ? entries.filter((entry) => entry.atual !== null).length
    : quote.contadorRespostas.respondidas;
  const total = entries ? entries.length : quote.contadorRespostas.total;
  return { respondidas, total: total > 0 ? total : Math.max(respondidas, FALLBACK_PROGRESS_TOTAL) };
}

/**
 * The detail's answer progress (spec 001 §2) and 'Revisar Todos': one revision request to every carrier
 * that answered, while the quote can still change.
 */
export function AnswerProgressBar({ quote }: { quote: QuoteDetail }) {
  const waiting = (WAITING_STATUSES as readonly string[]).includes(quote.status);
  const responses = useResponses(quote.id, { poll: waiting });
  const { respondidas, total } = answerProgress(quote, responses.data);
  const label = formatMessage(t.progressValue, { respondidas, total });
  const [opening, setOpening] = useState<number | null>(null);
  const openings = useRef(0);
  return (
    <div className="flex flex-wrap items-end gap-4 rounded-xl border border-border bg-surface px-5 py-4 shadow-sm">
      <div className="min-w-56 flex-1 space-y-1.5">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="font-medium text-fg">{t.progressLabel}</span>
          <span className="text-fg-muted tabular-nums">{label}</span>
        </div>
        <ProgressBar
          label={t.progressLabel}
          value={respondidas}
          max={total}
          valueText={label}
          className="h-2.5"
        />
      </div>
      {waiting && (
        <Button
          variant="secondary"
          disabled={respondidas === 0}
          onClick={() => {
            openings.current += 1;
            setOpening(openings.current);
          }}
        >
          <RefreshIcon size={16} />
          {t.reviseAll}
        </Button>
      )}
      {opening !== null && (
        <RevisionModal
          key={opening}
          quoteId={quote.id}
          language={quote.idiomaEmail}
          scope={{ todos: true, count: respondidas }}
          onClose={() => setOpening(null)}
        />
      )}
    </div>
  );
}
