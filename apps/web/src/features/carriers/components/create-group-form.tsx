import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useId, useState } from 'react';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { useFieldErrors } from '@/lib/form';
import { useCreateGroup } from '../api/create-group';
import { emptyGroupValues, type GroupValues, parseGroupValues } from './forms';
import { GroupFields } from './group-fields';
import { useStatusModal } from './status-modal';

const t = ui.management.groups;

/** Create group (spec 2 and 5): name, colour (#0066CC by default), description (omitted when empty). */
export function CreateGroupForm() {
  const formId = useId();
  const create = useCreateGroup();
  const status = useStatusModal();
  const [values, setValues] = useState<GroupValues>(emptyGroupValues);
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseGroupValues(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    status.show({ status: 'loading', message: t.creating });
    create.mutate(parsed.data, {
      onSuccess: () => {
        setValues(emptyGroupValues);
        status.show({ status: 'success', message: t.created });
      },
      onError: (error) => status.fail(error, t.createErrorTitle, t.createError),
    });
  }

  return (
    <CardSection title={t.createTitle} description={t.createHint} headingId={`${formId}-title`}>
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
        <GroupFields
          idPrefix={formId}
          values={values}
          onChange={setValues}
          errors={errors}
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
