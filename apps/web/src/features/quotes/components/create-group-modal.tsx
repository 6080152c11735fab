import { ui } from '@cotacoes/shared/messages/ui';
import { createGrupoBodySchema } from '@cotacoes/shared/schemas/carriers';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormModal } from '@/components/ui/form-modal';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/api-client';
import { issuesToFieldErrors, useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { useCreateGroup } from '../api/create-group';
import { ERROR_NOTICE_MS, NOTICE_MS } from '../api/keys';
import { useTimedMessage } from './use-timed-message';

const t = ui.quotes.recipients.groupModal;

/** Inline group creation (name and description); the list of groups reloads with it. */
export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const create = useCreateGroup();
  const [values, setValues] = useState({ nome: '', descricao: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [error, showError] = useTimedMessage(ERROR_NOTICE_MS);

  function submit() {
    const parsed = createGrupoBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    showError(null);
    create.mutate(
      { nome: parsed.data.nome, descricao: parsed.data.descricao },
      {
        onSuccess: () => {
          showToast({ message: t.created, variant: 'success', durationMs: NOTICE_MS });
          onClose();
        },
        onError: (error) => showError(errorText(error, t.error)),
      },
    );
  }

  // Portalled: the wizard is a <form> itself, and forms cannot nest.
  return (
    <FormModal
      portal
      title={t.title}
      description={t.intro}
      pending={create.isPending}
      submitLabel={t.submit}
      pendingLabel={t.submitting}
      onClose={onClose}
      onSubmit={submit}
      onChange={clearOnChange}
    >
      <Input
        label={t.nome}
        name="nome"
        autoComplete="off"
        placeholder={t.nomePlaceholder}
        value={values.nome}
        onChange={(event) => setValues({ ...values, nome: event.target.value })}
        error={errors.nome?.[0]}
        disabled={create.isPending}
      />
      <Textarea
        label={t.descricao}
        name="descricao"
        placeholder={t.descricaoPlaceholder}
        value={values.descricao}
        onChange={(event) => setValues({ ...values, descricao: event.target.value })}
        error={errors.descricao?.[0]}
        disabled={create.isPending}
      />
      {error && <Alert variant="error">{error}</Alert>}
    </FormModal>
  );
}
