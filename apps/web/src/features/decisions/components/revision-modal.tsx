import { decisionEmailMessages } from '@cotacoes/shared/messages/decision-email';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { REVISION_MESSAGE_MAX } from '@cotacoes/shared/schemas/decisions';
import { useState } from 'react';
import { SendIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useRequestRevision } from '../api/request-revision';
import { revisionMessage } from './revision-modal-message';

const t = ui.decisions.revision;

/** Who the revision goes to: one carrier (with what its answer lacks) or every carrier that answered. */
export type RevisionScope =
  | {
      todos: false;
      transportadorId: string;
      nome: string;
      faltando: readonly string[];
      /** The charges its answer lacks that others quote: asked for by name. */
      taxas?: readonly string[];
      /** A revision already asked of it and not answered since: the modal says so. */
      pendente?: boolean;
    }
  | { todos: true; count: number };

/**
 * 'Revisar' / 'Revisar Todos' (spec 001 §3, §4): the scope in words, the message pre-filled with what is
 * missing (editable), then POST request-revision; on success a toast, the modal closes and the quote
 * reloads. Mount it with a new key per opening so the message starts from the scope.
 */
export function RevisionModal({
  quoteId,
  scope,
  language = 'pt',
  onClose,
}: {
  quoteId: string;
  scope: RevisionScope | null;
  /** The quote's e-mail language: the message starts in it (it goes into the carrier's letter as written). */
  language?: 'pt' | 'en';
  onClose: () => void;
}) {
  const [mensagem, setMensagem] = useState(() =>
    scope
      ? revisionMessage(
          scope.todos
            ? { todos: true }
            : { todos: false, faltando: scope.faltando, taxas: scope.taxas ?? [] },
          language,
        )
      : '',
  );
  const revision = useRequestRevision(quoteId);
  const fieldError =
    revision.error instanceof ApiError
      ? revision.error.fieldErrors.find((item) => item.path === 'mensagem')?.message
      : undefined;

  function send() {
    if (!scope) return;
    revision.mutate(
      scope.todos
        ? { revisarTodos: true, mensagem }
        : { transportadorId: scope.transportadorId, revisarTodos: false, mensagem },
      {
        onSuccess: (result) => {
          const nomes = result.solicitadas.map((item) => item.nome).join(', ');
          showToast({ message: formatMessage(t.sent, { nomes }), variant: 'success' });
          onClose();
        },
      },
    );
  }

  const close = revision.isPending ? () => undefined : onClose;
  return (
    <Modal
      open={scope !== null}
      onClose={close}
      size="md"
      title={scope ? (scope.todos ? t.titleAll : formatMessage(t.titleOne, { nome: scope.nome })) : ''}
      description={
        scope &&
        (scope.todos
          ? formatMessage(t.scopeAll, { count: scope.count })
          : formatMessage(t.scopeOne, { nome: scope.nome }))
      }
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={revision.isPending}>
            {ui.common.cancel}
          </Button>
          <Button onClick={send} loading={revision.isPending} loadingText={t.sending}>
            <SendIcon size={16} />
            {t.send}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {scope && !scope.todos && scope.pendente && (
          <Alert variant="warning">{formatMessage(t.pendingOne, { nome: scope.nome })}</Alert>
        )}
        <Textarea
          label={t.messageLabel}
          hint={
            !mensagem.trim()
              ? formatMessage(t.messageHintEmpty, {
                  pedido: decisionEmailMessages[language ?? 'pt'].revisionAskNoMessage,
                })
              : scope?.todos
                ? t.messageHintAll
                : scope && scope.faltando.length === 0 && (scope.taxas ?? []).length === 0
                  ? t.messageHintComplete
                  : t.messageHint
          }
          value={mensagem}
          onChange={(event) => setMensagem(event.target.value)}
          rows={10}
          maxLength={REVISION_MESSAGE_MAX}
          error={fieldError}
        />
        {revision.isError && !fieldError && (
          <Alert variant="error">{errorText(revision.error, t.error)}</Alert>
        )}
      </div>
    </Modal>
  );
}
