import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseVersion } from '@cotacoes/shared/schemas/responses';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { errorText } from '@/lib/api-client';
import { useUndoAssignment } from '../api/undo-assignment';

const t = uiReplies.cards;

/**
 * 'Desfazer atribuição' on a carrier's card: the version came from a message a user assigned from 'Não
 * identificadas', it is the carrier's newest and the quote still waits. The dialog says what follows: the
 * message goes back to that list, the carrier returns to its previous version (or to no answer), and the
 * corrections made on this version go.
 */
export function UndoAssignmentButton({
  quoteId,
  nome,
  version,
  previous,
}: {
  quoteId: string;
  nome: string;
  version: ResponseVersion;
  /** The version that becomes current again, if any. */
  previous: ResponseVersion | null;
}) {
  const [open, setOpen] = useState(false);
  const undo = useUndoAssignment(quoteId);
  const close = () => {
    setOpen(false);
    undo.reset();
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        aria-label={formatMessage(t.undoAssignmentOf, { nome })}
        onClick={() => setOpen(true)}
      >
        {t.undoAssignment}
      </Button>
      <ConfirmModal
        open={open}
        title={t.undoAssignmentTitle}
        confirmLabel={t.undoAssignment}
        busyLabel={t.undoingAssignment}
        busy={undo.isPending}
        error={undo.isError ? errorText(undo.error, t.undoAssignmentError) : null}
        variant="primary"
        onClose={close}
        onConfirm={() => undo.mutate(version.id, { onSuccess: () => setOpen(false) })}
      >
        <p>{t.undoAssignmentBody}</p>
        <p>
          {previous
            ? formatMessage(t.undoAssignmentPrevious, { nome, versao: previous.versao })
            : formatMessage(t.undoAssignmentNone, { nome })}
        </p>
        {version.correcoes.length > 0 && <p>{t.undoAssignmentCorrections}</p>}
        <p className="text-fg-muted">{t.undoAssignmentSent}</p>
      </ConfirmModal>
    </>
  );
}
