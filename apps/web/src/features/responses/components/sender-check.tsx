import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseVersion } from '@cotacoes/shared/schemas/responses';
import { AlertTriangleIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useConfirmSender } from '../api/confirm-sender';

const t = uiReplies.cards.sender;

type SenderFields = Pick<
  ResponseVersion,
  'remetenteNaoVerificado' | 'remetenteConfirmadoEm' | 'aguardandoConfirmacao' | 'flags'
>;

/** Whether the version's sender is still in doubt: flagged and not confirmed by an analyst. */
export function isSenderUnverified(
  version: Pick<SenderFields, 'remetenteNaoVerificado' | 'remetenteConfirmadoEm'>,
) {
  return Boolean(version.remetenteNaoVerificado && !version.remetenteConfirmadoEm);
}

function reasonOf(version: Pick<SenderFields, 'flags'>): string {
  const reason = version.flags?.remetenteNaoVerificado;
  return (typeof reason === 'string' && t.reasons[reason]) || t.reasonUnknown;
}

/** The visible 'Remetente não verificado' badge; the reason is its title and screen-reader text. */
export function SenderBadge({ version }: { version?: Pick<SenderFields, 'flags'> }) {
  const reason = version ? reasonOf(version) : t.reasonUnknown;
  return (
    <span
      title={reason}
      className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-soft-fg"
    >
      <AlertTriangleIcon size={12} className="shrink-0" aria-hidden />
      {t.unverified}
      <span className="sr-only">: {reason}</span>
    </span>
  );
}

/** 'Confirmar remetente': only the analyst roles may vouch for a sender (the server checks it too). */
function ConfirmSenderButton({
  quoteId,
  version,
  nome,
}: {
  quoteId: string;
  version: ResponseVersion;
  nome: string;
}) {
  const user = useUser();
  const confirm = useConfirmSender(quoteId);
  if (!user || user.role === 'usuario') return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={formatMessage(t.confirmOf, { versao: version.versao, nome })}
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(version.id, {
          onSuccess: (result) => showToast({ message: result.message, variant: 'success' }),
          onError: (error) => showToast({ message: errorText(error, t.confirmError), variant: 'error' }),
        })
      }
    >
      {t.confirm}
    </Button>
  );
}

/**
 * Who sent the version shown on a response card (ADR 0023): a version held back from replacing the
 * verified current one, the shown version's doubt, or who confirmed it.
 */
export function SenderCheck({
  quoteId,
  nome,
  shown,
  held,
  currentVersao,
}: {
  quoteId: string;
  nome: string;
  shown: ResponseVersion;
  held: ResponseVersion | undefined;
  currentVersao: number | null;
}) {
  return (
    <>
      {held && (
        <Alert variant="warning">
          <div className="space-y-2">
            <SenderBadge version={held} />
            <p>{formatMessage(t.held, { versao: held.versao, atual: currentVersao ?? '—' })}</p>
            <ConfirmSenderButton quoteId={quoteId} version={held} nome={nome} />
          </div>
        </Alert>
      )}
      {shown !== held && isSenderUnverified(shown) && (
        <div className="flex flex-wrap items-center gap-2">
          <SenderBadge version={shown} />
          {!shown.aguardandoConfirmacao && (
            <ConfirmSenderButton quoteId={quoteId} version={shown} nome={nome} />
          )}
        </div>
      )}
      {shown.remetenteConfirmadoEm && shown.remetenteConfirmadoPor && (
        <p className="text-xs text-fg-muted">
          {formatMessage(t.confirmedBy, { nome: shown.remetenteConfirmadoPor })}
        </p>
      )}
    </>
  );
}
