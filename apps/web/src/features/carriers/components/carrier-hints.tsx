import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useId, useRef, useState } from 'react';
import { SparklesIcon, TrashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { type CarrierHint, useCarrierHints, useDeleteCarrierHint } from '../api/carrier-hints';

const t = ui.hints.carrier;

function learntText(hint: CarrierHint): string {
  const data = formatDateTime(hint.criadoEm, ui.common.invalidDate);
  const learnt = hint.criadoPor
    ? formatMessage(t.learnt, { nome: hint.criadoPor, data })
    : formatMessage(t.learntNoName, { data });
  return hint.origem ? `${learnt} ${formatMessage(t.fromQuote, { codigo: hint.origem.codigo })}` : learnt;
}

function usedText(hint: CarrierHint): string {
  if (hint.vezesAplicada === 0 || !hint.ultimaAplicacao) return t.usedNever;
  return formatMessage(t.used, {
    vezes: hint.vezesAplicada,
    data: formatDateTime(hint.ultimaAplicacao, ui.common.invalidDate),
  });
}

/**
 * 'Aprendizados de correções' of a carrier (ADR 0101): each hint its corrected replies taught, in plain
 * pt-BR, with who taught it and how often it was used, and a remove button behind a confirmation.
 */
export function CarrierHints({ carrierId, carrierName }: { carrierId: string; carrierName: string }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hints = useCarrierHints(carrierId);
  const remove = useDeleteCarrierHint(carrierId);
  const [confirming, setConfirming] = useState<CarrierHint | null>(null);

  function close() {
    setConfirming(null);
    remove.reset();
  }

  function confirm() {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: (answer) => {
        showToast({ message: answer.message, variant: 'success' });
        close();
        // The removed item's button is gone: the keyboard goes on from the section's title.
        headingRef.current?.focus();
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-border pt-4">
      <div>
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm text-base font-semibold text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <SparklesIcon size={16} className="text-primary-soft-fg" />
          {t.title}
        </h3>
        <p className="mt-1 text-sm text-fg-muted">{t.intro}</p>
      </div>
      {hints.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner size={16} />
          {t.loading}
        </p>
      ) : hints.isError ? (
        <Alert variant="error">
          <span className="flex flex-wrap items-center gap-3">
            {errorText(hints.error, t.loadError)}
            <Button variant="secondary" size="sm" onClick={() => void hints.refetch()}>
              {t.retry}
            </Button>
          </span>
        </Alert>
      ) : hints.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-2 text-sm text-fg-muted">
          {t.empty}
        </p>
      ) : (
        <ul aria-label={formatMessage(t.open, { nome: carrierName })} className="space-y-2">
          {hints.data.map((hint) => (
            <li
              key={hint.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-border bg-surface-muted/40 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-fg">{hint.descricao}</p>
                <p className="mt-0.5 text-xs text-fg-muted">{learntText(hint)}</p>
                <p className="text-xs text-fg-muted">{usedText(hint)}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0 text-danger-soft-fg"
                onClick={() => setConfirming(hint)}
                aria-label={formatMessage(t.removeLabel, { descricao: hint.descricao })}
              >
                <TrashIcon size={14} />
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={confirming !== null}
        title={t.confirmTitle}
        confirmLabel={t.confirm}
        dismissLabel={t.cancel}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, t.removeError) : null}
        onConfirm={confirm}
        onClose={close}
      >
        <p>
          {confirming &&
            formatMessage(t.confirmMessage, { nome: carrierName, descricao: confirming.descricao })}
        </p>
      </ConfirmModal>
    </section>
  );
}
