import { ui } from '@cotacoes/shared/messages/ui';
import { passwordProblems } from '@cotacoes/shared/rules/password';
import { completeRegistrationBodySchema } from '@cotacoes/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { hasFieldErrors, issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { useCompleteRegistration } from '../api/complete-registration';

/** The three spec rules, shown as a live checklist while typing. */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const problems = passwordProblems(password);
  const rules = [
    { label: ui.createPassword.rules.length, ok: !problems.includes('PASSWORD_MIN_LENGTH') },
    { label: ui.createPassword.rules.letter, ok: !problems.includes('PASSWORD_LETTER') },
    { label: ui.createPassword.rules.number, ok: !problems.includes('PASSWORD_NUMBER') },
  ];
  return (
    <div id={id} className="rounded-lg bg-surface-muted px-3 py-2 text-xs text-fg-muted">
      <p className="font-medium">{ui.createPassword.rulesTitle}</p>
      <ul className="mt-1 space-y-0.5">
        {rules.map((rule) => (
          <li key={rule.label} className={cn('flex items-center gap-1.5', rule.ok && 'text-success-soft-fg')}>
            <CheckIcon size={12} className={rule.ok ? 'opacity-100' : 'opacity-30'} />
            {rule.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CreatePasswordForm() {
  const navigate = useNavigate();
  const complete = useCompleteRegistration();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors, clearOnChange] = useFieldErrors();
  const filled = name.trim() !== '' && password !== '' && confirmPassword !== '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!filled || complete.isPending) return;
    const parsed = completeRegistrationBodySchema.safeParse({ name, password, confirmPassword });
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    complete.mutate(parsed.data, {
      onSuccess: () => navigate(paths.onboarding.getHref(), { replace: true }),
      onError: (error) => setFieldErrors(serverFieldErrors(error)),
    });
  }

  const formError =
    complete.isError && !hasFieldErrors(fieldErrors)
      ? errorText(complete.error, ui.createPassword.errorFallback)
      : null;

  return (
    <form onChange={clearOnChange} onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert variant="error">{formError}</Alert>}
      <fieldset disabled={complete.isPending} className="space-y-4">
        <Input
          label={ui.createPassword.nameLabel}
          name="name"
          autoComplete="name"
          placeholder={ui.createPassword.namePlaceholder}
          value={name}
          onChange={(event) => setName(event.target.value)}
          errors={fieldErrors.name}
          required
        />
        <PasswordInput
          label={ui.createPassword.passwordLabel}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={fieldErrors.password}
          aria-describedby="password-rules"
          required
        />
        <PasswordRules password={password} id="password-rules" />
        <PasswordInput
          label={ui.createPassword.confirmLabel}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          errors={fieldErrors.confirmPassword}
          required
        />
      </fieldset>
      <Button
        type="submit"
        fullWidth
        size="lg"
        disabled={!filled}
        loading={complete.isPending}
        loadingText={ui.createPassword.submitting}
      >
        {ui.createPassword.submit}
      </Button>
      <p className="text-center text-sm">
        <Link
          to={paths.auth.verifyEmail.getHref()}
          className="font-semibold text-primary-soft-fg hover:underline"
        >
          {ui.createPassword.backToVerify}
        </Link>
      </p>
    </form>
  );
}
