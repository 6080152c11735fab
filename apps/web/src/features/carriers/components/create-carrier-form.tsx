import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { MultiSelect } from '@/components/ui/multi-select';
import type { SelectOption } from '@/components/ui/select';
import { useFieldErrors } from '@/lib/form';
import { useCreateCarrier } from '../api/create-carrier';
import { EmailInputs } from './email-inputs';
import { type CarrierValues, emptyCarrierValues, parseCarrierValues } from './forms';
import { useStatusModal } from './status-modal';

const t = ui.management.carriers;

/** Create carrier (spec 2 and 5): name, groups, one or more e-mails; loading / success / error modal. */
export function CreateCarrierForm({ groupOptions }: { groupOptions: readonly SelectOption[] }) {
  const formId = useId();
  const create = useCreateCarrier();
  const status = useStatusModal();
  const [values, setValues] = useState<CarrierValues>(emptyCarrierValues);
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseCarrierValues(values, 'create');
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    status.show({ status: 'loading', message: t.creating });
    create.mutate(parsed.data, {
      onSuccess: () => {
        setValues(emptyCarrierValues);
        status.show({ status: 'success', message: t.created });
      },
      onError: (error) => status.fail(error, t.createErrorTitle, t.createError),
    });
  }

  return (
    <CardSection title={t.createTitle} description={t.createHint} headingId={`${formId}-title`}>
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
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
          <MultiSelect
            label={t.groupsLabel}
            hint={t.groupsHint}
            options={groupOptions}
            value={values.grupos}
            onChange={(grupos) => setValues({ ...values, grupos })}
            disabled={create.isPending}
          />
        </div>
        <EmailInputs
          idPrefix={formId}
          values={values.emails}
          onChange={(emails) => setValues({ ...values, emails })}
          error={errors.email?.[0]}
          disabled={create.isPending}
        />
        <Button type="submit" loading={create.isPending} loadingText={t.creating}>
          <PlusIcon size={16} />
          {t.create}
        </Button>
      </form>
      {status.modal}
    </CardSection>
  );
}
