import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import {
  MANUAL_FINAL_STATUSES,
  type QuoteStatus,
  WAITING_STATUSES,
} from '@cotacoes/shared/rules/quote-status';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { QuoteDetail } from '@/api/get-quote';
import { CheckCircleIcon, PencilIcon, TrashIcon, XCircleIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDeleteQuote } from '../api/delete-quote';
import { NOTICE_MS } from '../api/keys';
import { useUpdateQuote } from '../api/update-quote';
import { EditQuoteModal } from './edit-quote-modal';

const t = ui.quotes.detail;
type ManualFinalStatus = (typeof MANUAL_FINAL_STATUSES)[number];

/**
 * Closing keeps the quote as answered so far; cancelling drops it. Both end in 'Cotações Finalizadas'. Either
 * may e-mail the carriers (`avisarTransportadores`, ADR 0026 addendum 2026-12-06): checked by default when
 * cancelling; not when closing, which may follow a choice made outside the platform.
 */
const finalActions = {
  FECHADA: {
    label: t.actions.close,
    icon: CheckCircleIcon,
    variant: 'primary',
    dialog: t.close,
    notify: false,
  },
  CANCELADA: {
    label: t.actions.cancel,
    icon: XCircleIcon,
    variant: 'danger',
    dialog: t.cancel,
    notify: true,
  },
} as const;

/** The carriers a notice reaches: every one whose request did not fail, answered or not (as the API). */
const reachableCarriers = (quote: QuoteDetail) =>
  quote.destinatarios.filter((recipient) => recipient.estadoEnvio !== 'falhou').length;

export function isWaiting(status: QuoteStatus): boolean {
  return (WAITING_STATUSES as readonly QuoteStatus[]).includes(status);
}

/**
 * The detail header's actions: while the quote waits for answers, edit it, close it or cancel it;
 * in any status, delete it (back to /sent-quotes). Each change asks first and shows its failure in place.
 */
export function QuoteActions({ quote }: { quote: QuoteDetail }) {
  const navigate = useNavigate();
  const update = useUpdateQuote();
  const remove = useDeleteQuote();
  // A new key per opening: the edit form starts from the quote as it is now.
  const [editing, setEditing] = useState({ open: false, key: 0 });
  const [confirming, setConfirming] = useState<ManualFinalStatus | 'delete' | null>(null);
  const [notify, setNotify] = useState(false);
  const noteId = useId();
  const busy = update.isPending || remove.isPending;
  const waiting = isWaiting(quote.status);
  const reachable = reachableCarriers(quote);

  function ask(action: ManualFinalStatus | 'delete') {
    update.reset();
    remove.reset();
    if (action !== 'delete') setNotify(finalActions[action].notify);
    setConfirming(action);
  }

  function finalise(status: ManualFinalStatus) {
    const { dialog } = finalActions[status];
    const told = notify && reachable > 0;
    update.mutate(
      { id: quote.id, body: told ? { status, avisarTransportadores: true } : { status } },
      {
        onSuccess: ({ avisados }) => {
          const message = avisados ? formatMessage(dialog.doneTold, { n: avisados }) : dialog.done;
          showToast({ message, variant: 'success', durationMs: NOTICE_MS });
          setConfirming(null);
        },
      },
    );
  }

  function confirmDelete() {
    remove.mutate(quote.id, {
      // The server's answer is the catalogue's 'Cotação excluída com sucesso!'.
      onSuccess: ({ message }) => {
        showToast({ message, variant: 'success', durationMs: NOTICE_MS });
        navigate(paths.quotes.sent.getHref(), { replace: true });
      },
    });
  }

  return (
    <>
      {waiting && (
        <>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => setEditing({ open: true, key: editing.key + 1 })}
          >
            <PencilIcon size={16} />
            {t.actions.edit}
          </Button>
          {MANUAL_FINAL_STATUSES.map((status) => {
            const { label, icon: Icon } = finalActions[status];
            return (
              <Button key={status} variant="secondary" disabled={busy} onClick={() => ask(status)}>
                <Icon size={16} />
                {label}
              </Button>
            );
          })}
        </>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => ask('delete')}>
        <TrashIcon size={16} />
        {t.actions.delete}
      </Button>

      <EditQuoteModal
        key={editing.key}
        quote={quote}
        open={editing.open}
        onClose={() => setEditing({ ...editing, open: false })}
      />
      {MANUAL_FINAL_STATUSES.map((status) => {
        const { dialog, variant } = finalActions[status];
        return (
          <ConfirmModal
            key={status}
            open={confirming === status}
            title={dialog.title}
            confirmLabel={dialog.confirm}
            dismissLabel={dialog.dismiss}
            busyLabel={dialog.busy}
            busy={update.isPending}
            variant={variant}
            error={update.isError ? errorText(update.error, dialog.error) : null}
            onConfirm={() => finalise(status)}
            onClose={() => setConfirming(null)}
          >
            <p>{dialog.text}</p>
            {reachable > 0 ? (
              <div>
                <Checkbox
                  label={formatMessage(dialog.notify, { n: reachable })}
                  name="avisarTransportadores"
                  checked={notify}
                  onChange={(event) => setNotify(event.target.checked)}
                  disabled={update.isPending}
                  aria-describedby={`${noteId}-${status}`}
                />
                <p id={`${noteId}-${status}`} className="mt-1 ml-6 text-xs text-fg-muted">
                  {notify ? dialog.notified : dialog.quiet}
                </p>
              </div>
            ) : (
              <p className="text-fg-muted">{dialog.quiet}</p>
            )}
          </ConfirmModal>
        );
      })}
      <ConfirmModal
        open={confirming === 'delete'}
        title={t.delete.title}
        confirmLabel={t.delete.confirm}
        busyLabel={t.delete.busy}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, t.delete.error) : null}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(null)}
      >
        <p>{t.delete.text}</p>
        {quote.status === 'APROVADA' && quote.aprovacao && (
          <Alert variant="warning">
            {formatMessage(t.delete.approvedText, {
              transportador: quote.aprovacao.transportadorNome,
              data: formatDateTime(quote.aprovacao.aprovadoEm, ui.common.invalidDate),
            })}
          </Alert>
        )}
        <p className="text-fg-muted">{t.delete.note}</p>
      </ConfirmModal>
    </>
  );
}
