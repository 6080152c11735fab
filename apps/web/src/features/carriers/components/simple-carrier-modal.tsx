import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { useFieldErrors } from '@/lib/form';
import { useCreateCarrier } from '../api/create-carrier';
import { parseSimpleCarrier } from './forms';
import { useStatusModal } from './status-modal';

const t = ui.management.carriers;

/** Create carrier, simple variant (spec 2 and 5): name and one e-mail; only nome, email and ativo are sent. */
export function SimpleCarrierModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const create = useCreateCarrier();
  const status = useStatusModal((closed) => {
    if (closed.status === 'success') onClose();
  });
  const [values, setValues] = useState({ nome: '', email: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const [done, setDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseSimpleCarrier(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    status.show({ status: 'loading', message: t.creating });
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDone(true);
        status.show({ status: 'success', message: t.created });
      },
      onError: (error) => status.fail(error, t.createErrorTitle, t.createError),
    });
  }

  return (
    <>
      <Modal
        open={!done}
        onClose={onClose}
        title={t.simpleTitle}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {ui.management.cancel}
            </Button>
            <Button type="submit" form={formId} loading={create.isPending} loadingText={t.creating}>
              {t.simpleSubmit}
            </Button>
          </>
        }
      >
        <form id={formId} onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
          <Input
            label={ui.management.nameLabel}
            name="nome"
            autoComplete="off"
            value={values.nome}
            onChange={(event) => setValues({ ...values, nome: event.target.value })}
            error={errors.nome?.[0]}
            disabled={create.isPending}
          />
          <Input
            label={t.simpleEmailLabel}
            name="email"
            type="email"
            autoComplete="off"
            placeholder={t.emailPlaceholder}
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            error={errors.email?.[0]}
            disabled={create.isPending}
          />
        </form>
      </Modal>
      {status.modal}
    </>
  );
}
