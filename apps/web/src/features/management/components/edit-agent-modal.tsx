import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { MultiSelect } from '@/components/ui/multi-select';
import type { SelectOption } from '@/components/ui/select';
import { errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import type { Transportador } from '../api/list-transporters';
import { useUpdateTransporter } from '../api/update-transporter';
import { splitEmails } from './agent-card';
import { EmailInputs } from './email-inputs';
import { type AgentValues, parseAgentValues } from './forms';
import { StatusRadio } from './status-radio';

const t = ui.management.agents;

/** Edit agent (spec 2, 4, 5): name required, blank e-mails removed, groups, Ativo / Inativo. */
export function EditAgentModal({
  agent,
  groupOptions,
  onClose,
}: {
  agent: Transportador;
  groupOptions: readonly SelectOption[];
  onClose: () => void;
}) {
  const formId = useId();
  const update = useUpdateTransporter();
  const [values, setValues] = useState<AgentValues>(() => ({
    nome: agent.nome,
    emails: splitEmails(agent.email).length > 0 ? splitEmails(agent.email) : [''],
    grupos: agent.grupos.map((grupo) => grupo.id),
    ativo: agent.ativo,
  }));
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAgentValues(values, 'edit');
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: agent.id, ...parsed.data },
      {
        onSuccess: () => {
          showToast({ message: t.updated, variant: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={update.isPending ? () => undefined : onClose}
      title={t.editTitle}
      description={agent.nome}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {ui.management.cancel}
          </Button>
          <Button type="submit" form={formId} loading={update.isPending} loadingText={ui.management.saving}>
            {ui.management.save}
          </Button>
        </>
      }
    >
      <form id={formId} onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
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
      </form>
    </Modal>
  );
}
