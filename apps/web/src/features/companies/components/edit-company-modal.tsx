import { ui } from '@cotacoes/shared/messages/ui';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormModal } from '@/components/ui/form-modal';
import { errorText } from '@/lib/api-client';
import { hasFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { useUpdateCompany } from '../api/update-company';
import { CompanyFields, companyToValues, parseCompanyValues } from './company-fields';

const t = ui.companies;

export function EditCompanyModal({ empresa, onClose }: { empresa: Empresa; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateCompany();
  const [values, setValues] = useState(() => companyToValues(empresa));
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit() {
    const parsed = parseCompanyValues(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: empresa.id, ...parsed.data },
      {
        onSuccess: () => {
          showToast({ message: t.updated, variant: 'success' });
          onClose();
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  }

  return (
    <FormModal
      title={t.editTitle}
      description={empresa.nome}
      size="lg"
      pending={update.isPending}
      submitLabel={ui.common.save}
      pendingLabel={ui.common.saving}
      onClose={onClose}
      onSubmit={submit}
      onChange={clearOnChange}
    >
      {update.isError && !hasFieldErrors(errors) && (
        <Alert variant="error">{errorText(update.error, t.updateError)}</Alert>
      )}
      <fieldset disabled={update.isPending}>
        <CompanyFields values={values} onChange={setValues} errors={errors} idPrefix={`${formId}-edit`} />
      </fieldset>
    </FormModal>
  );
}
