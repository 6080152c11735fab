import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useAddGroupMember } from '../api/group-member';
import type { Transportador } from '../api/list-carriers';
import type { GrupoResumo } from '../api/list-groups';

const t = ui.management.carriers;

/** The card's 'Adicionar a grupo': one carrier into one of the groups it is not in yet. */
export function AddToGroupModal({
  carrier,
  groups,
  onClose,
}: {
  carrier: Transportador;
  groups: readonly GrupoResumo[];
  onClose: () => void;
}) {
  const formId = useId();
  const add = useAddGroupMember();
  const memberOf = new Set(carrier.grupos.map((grupo) => grupo.id));
  const available = groups.filter((grupo) => !memberOf.has(grupo.id));
  const [grupoId, setGrupoId] = useState(available[0]?.id ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!grupoId) return;
    add.mutate(
      { grupoId, transportadorId: carrier.id },
      {
        onSuccess: (result) => {
          showToast({
            message: result?.message || t.added,
            variant: result?.alterado === false ? 'info' : 'success',
          });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={add.isPending ? () => undefined : onClose}
      title={t.addToGroupTitle}
      description={carrier.nome}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            {ui.management.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={!grupoId}
            loading={add.isPending}
            loadingText={t.adding}
          >
            {t.addToGroupSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {add.isError && <Alert variant="error">{errorText(add.error, t.addError)}</Alert>}
        {available.length === 0 ? (
          <p className="text-sm text-fg-muted">{t.addToGroupNone}</p>
        ) : (
          <Select
            label={t.addToGroupSelect}
            options={available.map((grupo) => ({ value: grupo.id, label: grupo.nome }))}
            value={grupoId}
            onChange={(event) => setGrupoId(event.target.value)}
            disabled={add.isPending}
          />
        )}
      </form>
    </Modal>
  );
}
