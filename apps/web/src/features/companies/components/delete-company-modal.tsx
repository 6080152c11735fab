import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { useState } from 'react';
import { refreshUser } from '@/api/refresh-user';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useDeleteCompany } from '../api/delete-company';
import { useCompany } from '../api/get-company';

const t = ui.companies;

/**
 * Deleting a company. With members, open invites or pending requests (`resumo`, or a 409 from the API)
 * the modal lists what will be lost and asks for the company's code before the forced delete.
 */
export function DeleteCompanyModal({ empresa, onClose }: { empresa: Empresa; onClose: () => void }) {
  const user = useUser();
  const detail = useCompany(empresa.id);
  const remove = useDeleteCompany();
  const [conflict, setConflict] = useState(false);
  const [typed, setTyped] = useState('');
  const resumo = detail.data?.resumo;
  const hasData =
    conflict ||
    (resumo !== undefined && resumo.usuarios + resumo.convitesPendentes + resumo.solicitacoesPendentes > 0);
  const confirmed = typed.trim().toUpperCase() === empresa.codigo;

  function submit() {
    remove.mutate(
      { id: empresa.id, force: hasData },
      {
        onSuccess: () => {
          showToast({ message: t.deleted, variant: 'success' });
          // The desenvolvedor's visão ends with the company it pointed to.
          if (user?.empresaId === empresa.id) void refreshUser().catch(() => undefined);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.code === 'EMPRESA_HAS_DATA') {
            setConflict(true);
            remove.reset();
            void detail.refetch();
          }
        },
      },
    );
  }

  const losses = resumo
    ? [
        resumo.usuarios > 0 && formatMessage(t.lossUsers, { count: resumo.usuarios }),
        resumo.convitesPendentes > 0 && formatMessage(t.lossInvites, { count: resumo.convitesPendentes }),
        resumo.solicitacoesPendentes > 0 &&
          formatMessage(t.lossRequests, { count: resumo.solicitacoesPendentes }),
        t.lossData,
      ].filter((item): item is string => Boolean(item))
    : [t.lossData];

  return (
    <Modal
      open
      onClose={onClose}
      title={t.deleteTitle}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {ui.common.cancel}
          </Button>
          <Button
            variant="danger"
            onClick={submit}
            loading={remove.isPending}
            loadingText={t.deleting}
            disabled={detail.isPending || (hasData && !confirmed)}
          >
            {hasData ? t.forceDelete : t.deleteButton}
          </Button>
        </>
      }
    >
      {detail.isPending ? (
        <LoadingState label={t.deleteChecking} className="py-6" />
      ) : (
        <div className="space-y-4 text-sm">
          {detail.isError && <Alert variant="error">{errorText(detail.error, t.loadError)}</Alert>}
          {hasData ? (
            <>
              <Alert variant="warning" title={t.deleteLossTitle}>
                <p>{formatMessage(t.deleteLossIntro, { nome: empresa.nome })}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {losses.map((loss) => (
                    <li key={loss}>{loss}</li>
                  ))}
                </ul>
              </Alert>
              <Input
                label={formatMessage(t.forceConfirmLabel, { codigo: empresa.codigo })}
                name="confirm-codigo"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </>
          ) : (
            <p className="text-fg">{formatMessage(t.deleteConfirm, { nome: empresa.nome })}</p>
          )}
          {remove.isError && <Alert variant="error">{errorText(remove.error, t.deleteError)}</Alert>}
        </div>
      )}
    </Modal>
  );
}
