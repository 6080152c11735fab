import { ui } from '@cotacoes/shared/messages/ui';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormModal } from '@/components/ui/form-modal';
import { Input } from '@/components/ui/input';
import { MultiSelect } from '@/components/ui/multi-select';
import type { SelectOption } from '@/components/ui/select';
import { errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import type { Transportador } from '../api/list-carriers';
import { useUpdateCarrier } from '../api/update-carrier';
import { splitEmails } from './carrier-card';
import { CarrierHints } from './carrier-hints';
import { EmailInputs } from './email-inputs';
import { type CarrierValues, parseCarrierValues } from './forms';
import { StatusRadio } from './status-radio';

const t = ui.management.carriers;

/**
 * Edit carrier (spec 2, 4, 5): name required, blank e-mails removed, groups, Ativo / Inativo; below the
 * form, what corrections of its replies taught (ADR 0101).
 */
export function EditCarrierModal({
  carrier,
  groupOptions,
  onClose,
}: {
  carrier: Transportador;
  groupOptions: readonly SelectOption[];
  onClose: () => void;
}) {
  const formId = useId();
  const update = useUpdateCarrier();
  const [values, setValues] = useState<CarrierValues>(() => ({
    nome: carrier.nome,
    emails: splitEmails(carrier.email).length > 0 ? splitEmails(carrier.email) : [''],
    grupos: carrier.grupos.map((grupo) => grupo.id),
    ativo: carrier.ativo,
  }));
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit() {
    const parsed = parseCarrierValues(values, 'edit');
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: carrier.id, ...parsed.data },
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
      description={carrier.nome}
      size="lg"
      pending={update.isPending}
      submitLabel={ui.management.save}
      pendingLabel={ui.management.saving}
      cancelLabel={ui.management.cancel}
      onClose={onClose}
      onSubmit={submit}
      onChange={clearOnChange}
      after={
        <div className="mt-6">
          <CarrierHints carrierId={carrier.id} carrierName={carrier.nome} />
        </div>
      }
    >
      {update.isError && <Alert variant="error">{errorText(update.error, t.updateError)}</Alert>}
      <Input
        label={ui.management.nameLabel}
        name="nome"
        autoComplete="off"
        value={values.nome}
        onChange={(event) => setValues({ ...values, nome: event.target.value })}
        error={errors.nome?.[0]}
        disabled={update.isPending}
      />
      <EmailInputs
        idPrefix={formId}
        values={values.emails}
        onChange={(emails) => setValues({ ...values, emails })}
        error={errors.email?.[0]}
        disabled={update.isPending}
      />
      <MultiSelect
        label={t.groupsLabel}
        options={groupOptions}
        value={values.grupos}
        onChange={(grupos) => setValues({ ...values, grupos })}
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
