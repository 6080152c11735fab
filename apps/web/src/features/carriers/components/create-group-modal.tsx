import { ui } from '@cotacoes/shared/messages/ui';
import { useId, useState } from 'react';
import { FormModal } from '@/components/ui/form-modal';
import { useFieldErrors } from '@/lib/form';
import { useCreateGroup } from '../api/create-group';
import type { Grupo } from '../api/list-groups';
import { emptyGroupValues, type GroupValues, parseGroupValues } from './forms';
import { GroupFields } from './group-fields';
import { useStatusModal } from './status-modal';

const t = ui.management.groups;

/** Create group, modal variant (spec 5 and 7): 'Nome do grupo é obrigatório'; sends only nome and descricao. */
export function CreateGroupModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (grupo: Grupo) => void;
}) {
  const formId = useId();
  const create = useCreateGroup();
  const status = useStatusModal((closed) => {
    if (closed.status === 'success') onClose();
  });
  const [values, setValues] = useState<GroupValues>(emptyGroupValues);
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [done, setDone] = useState(false);

  function submit() {
    const parsed = parseGroupValues(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const { nome, descricao } = parsed.data;
    status.show({ status: 'loading', message: t.creating });
    create.mutate(
      { nome, ...(descricao ? { descricao } : {}) },
      {
        onSuccess: (grupo) => {
          setDone(true);
          onCreated?.(grupo);
          status.show({ status: 'success', message: t.created });
        },
        onError: (error) => status.fail(error, t.createErrorTitle, t.createError),
      },
    );
  }

  return (
    <>
      <FormModal
        open={!done}
        title={t.modalTitle}
        pending={create.isPending}
        submitLabel={t.create}
        pendingLabel={t.creating}
        cancelLabel={ui.management.cancel}
        onClose={onClose}
        onSubmit={submit}
        onChange={clearOnChange}
      >
        <GroupFields
          idPrefix={formId}
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={create.isPending}
          withColor={false}
        />
      </FormModal>
      {status.modal}
    </>
  );
}
