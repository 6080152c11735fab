import { ui } from '@cotacoes/shared/messages/ui';
import { createTransportadorBodySchema, type Transportador } from '@cotacoes/shared/schemas/carriers';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormModal } from '@/components/ui/form-modal';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { issuesToFieldErrors, useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { useCreateCarrier } from '../api/create-carrier';
import { ERROR_NOTICE_MS, NOTICE_MS } from '../api/keys';
import { useTimedMessage } from './use-timed-message';

const t = ui.quotes.recipients.carrierModal;

/** Inline carrier creation: name and e-mails (';'-separated); the new carrier is selected at once. */
export function CreateCarrierModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (carrier: Transportador) => void;
}) {
  const create = useCreateCarrier();
  const [values, setValues] = useState({ nome: '', email: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [error, showError] = useTimedMessage(ERROR_NOTICE_MS);

  function submit() {
    const parsed = createTransportadorBodySchema.safeParse({ ...values, grupos: [], ativo: true });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    showError(null);
    create.mutate(
      { nome: parsed.data.nome, email: parsed.data.email.join(';') },
      {
        onSuccess: (carrier) => {
          showToast({ message: t.created, variant: 'success', durationMs: NOTICE_MS });
          onCreated(carrier);
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
      <Input
        label={t.emails}
        name="email"
        autoComplete="off"
        inputMode="email"
        hint={t.emailsHint}
        placeholder={t.emailsPlaceholder}
        value={values.email}
        onChange={(event) => setValues({ ...values, email: event.target.value })}
        error={errors.email?.[0]}
        disabled={create.isPending}
      />
      {error && <Alert variant="error">{error}</Alert>}
    </FormModal>
  );
}
