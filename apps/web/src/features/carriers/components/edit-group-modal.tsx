import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import type { Grupo } from '../api/list-groups';
import { useUpdateGroup } from '../api/update-group';
import { type GroupValues, parseGroupUpdate } from './forms';
import { GroupFields } from './group-fields';
import { StatusRadio } from './status-radio';

const t = ui.management.groups;

/** Edit group: name, colour, description and Ativo / Inativo (spec 4 and 7). */
export function EditGroupModal({ grupo, onClose }: { grupo: Grupo; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateGroup();
  const [values, setValues] = useState<GroupValues>({
    nome: grupo.nome,
    descricao: grupo.descricao ?? '',
    cor: grupo.cor,
    ativo: grupo.ativo,
  });
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseGroupUpdate(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: grupo.id, ...parsed.data },
      {
        onSuccess: () => {
          showToast({ message: t.updated, variant: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={update.isPending ? () => undefined : onClose}
      title={t.editTitle}
      description={grupo.nome}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {ui.management.cancel}
          </Button>
          <Button type="submit" form={formId} loading={update.isPending} loadingText={ui.management.saving}>
            {ui.management.save}
          </Button>
        </>
      }
    >
      <form id={formId} onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
        {update.isError && <Alert variant="error">{errorText(update.error, t.updateError)}</Alert>}
        <GroupFields
          idPrefix={formId}
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={update.isPending}
        />
        <StatusRadio
          value={values.ativo}
          onChange={(ativo) => setValues({ ...values, ativo })}
          disabled={update.isPending}
        />
      </form>
    </Modal>
  );
}
