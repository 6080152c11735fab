import { ui } from '@cotacoes/shared/messages/ui';
import { createTransportadorBodySchema, type Transportador } from '@cotacoes/shared/schemas/carriers';
import { type FormEvent, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
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
  const formId = useId();
  const create = useCreateCarrier();
  const [values, setValues] = useState({ nome: '', email: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [error, showError] = useTimedMessage(ERROR_NOTICE_MS);

  function submit(event: FormEvent) {
    event.preventDefault();
    // React bubbles events along the component tree, portals included: keep the wizard's form out of it.
    event.stopPropagation();
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
  return createPortal(
    <Modal
      open
      onClose={create.isPending ? () => undefined : onClose}
      title={t.title}
      description={t.intro}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {ui.common.cancel}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending} loadingText={t.submitting}>
            {t.submit}
          </Button>
        </>
      }
    >
      <form id={formId} onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
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
      </form>
    </Modal>,
    document.body,
  );
}
