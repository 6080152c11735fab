import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { assignUserBodySchema, type MemberRole } from '@cotacoes/shared/schemas/empresas';
import { type FormEvent, useId, useState } from 'react';
import { UserPlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorText } from '@/lib/api-client';
import { issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { type AssignUserResponse, useAssignUser } from '../api/assign-user';

const t = ui.companyUsers;

export const memberRoleOptions = [
  { value: 'analista', label: ui.roles.analista },
  { value: 'supervisor', label: ui.roles.supervisor },
];

/** Link an existing account or invite an e-mail (spec 2, "Company user management"). */
export function AssignUserForm({ empresaId }: { empresaId: string | null }) {
  const id = useId();
  const assign = useAssignUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<MemberRole>('analista');
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors, clearOnChange] = useFieldErrors();
  const [result, setResult] = useState<AssignUserResponse | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    assign.reset();
    if (!email.trim() || !empresaId) {
      setFieldErrors({});
      setFormError(errorMessages.LINK_FIELDS_REQUIRED);
      return;
    }
    const parsed = assignUserBodySchema.safeParse({ userEmail: email, empresaId, role, name });
    if (!parsed.success) {
      setFormError(null);
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setFormError(null);
    setFieldErrors({});
    assign.mutate(parsed.data, {
      onSuccess: (answer) => {
        setResult(answer);
        setEmail('');
        setName('');
        showToast({
          message: answer.type === 'existing_user' ? t.linkedTitle : t.invitedTitle,
          variant: 'success',
        });
      },
      onError: (error) => setFieldErrors(serverFieldErrors(error)),
    });
  }

  const serverError =
    assign.isError && !fieldErrors.userEmail ? errorText(assign.error, t.assignError) : null;

  return (
    <CardSection title={t.formTitle} description={t.formHint} headingId={`${id}-title`}>
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)]">
          <Input
            label={t.emailLabel}
            type="email"
            name="userEmail"
            autoComplete="off"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={fieldErrors.userEmail}
            disabled={assign.isPending}
            required
          />
          <Input
            label={t.nameLabel}
            name="name"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            errors={fieldErrors.name}
            disabled={assign.isPending}
            maxLength={120}
          />
          <Select
            label={t.roleLabel}
            name="role"
            options={memberRoleOptions}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            disabled={assign.isPending}
          />
        </div>
        {formError && <Alert variant="error">{formError}</Alert>}
        {serverError && <Alert variant="error">{serverError}</Alert>}
        {result?.type === 'existing_user' && (
          <Alert variant="success" title={t.linkedTitle}>
            {result.message}
          </Alert>
        )}
        {result?.type === 'pending_user' && (
          <Alert variant="info" title={t.invitedTitle}>
            {result.message}
          </Alert>
        )}
        <Button type="submit" loading={assign.isPending} loadingText={t.submitting}>
          <UserPlusIcon size={16} />
          {t.submit}
        </Button>
      </form>
    </CardSection>
  );
}
