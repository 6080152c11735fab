import { ui } from '@cotacoes/shared/messages/ui';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormModal } from '@/components/ui/form-modal';
import { errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import type { GrupoResumo } from '../api/list-groups';
import { useUpdateGroup } from '../api/update-group';
import { type GroupValues, parseGroupUpdate } from './forms';
import { GroupFields } from './group-fields';
import { StatusRadio } from './status-radio';

const t = ui.management.groups;

/** Edit group: name, colour, description and Ativo / Inativo (spec 4 and 7). */
export function EditGroupModal({ grupo, onClose }: { grupo: GrupoResumo; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateGroup();
  const [values, setValues] = useState<GroupValues>({
    nome: grupo.nome,
    descricao: grupo.descricao ?? '',
    cor: grupo.cor,
    ativo: grupo.ativo,
  });
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit() {
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
    <FormModal
      title={t.editTitle}
      description={grupo.nome}
      size="lg"
      pending={update.isPending}
      submitLabel={ui.management.save}
      pendingLabel={ui.management.saving}
      cancelLabel={ui.management.cancel}
      onClose={onClose}
      onSubmit={submit}
      onChange={clearOnChange}
    >
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
    </FormModal>
  );
}
