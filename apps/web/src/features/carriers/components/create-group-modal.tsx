import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';
import { useFieldErrors } from '@/lib/form';
import { useCreateGroup } from '../api/create-group';
import type { Grupo } from '../api/list-groups';
import { emptyGroupValues, parseGroupValues } from './forms';
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
  const [values, setValues] = useState({ nome: '', descricao: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [done, setDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseGroupValues({ ...emptyGroupValues, ...values });
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
      <Modal
        open={!done}
        onClose={onClose}
        title={t.modalTitle}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {ui.management.cancel}
            </Button>
            <Button type="submit" form={formId} loading={create.isPending} loadingText={t.creating}>
              {t.create}
            </Button>
          </>
        }
      >
        <form id={formId} onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
          <Input
            label={ui.management.nameLabel}
            name="nome"
            autoComplete="off"
            placeholder={t.namePlaceholder}
            value={values.nome}
            onChange={(event) => setValues({ ...values, nome: event.target.value })}
            error={errors.nome?.[0]}
            disabled={create.isPending}
          />
          <Textarea
            label={t.descriptionLabel}
            name="descricao"
            placeholder={t.descriptionPlaceholder}
            value={values.descricao}
            onChange={(event) => setValues({ ...values, descricao: event.target.value })}
            error={errors.descricao?.[0]}
            disabled={create.isPending}
          />
        </form>
      </Modal>
      {status.modal}
    </>
  );
}
