import { ui } from '@cotacoes/shared/messages/ui';
import { registerBodySchema } from '@cotacoes/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { storageKeys } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { sessionStore } from '@/lib/storage';
import { useRegister } from '../api/register';

/** `initialEmail`: the address of an invitation link (/register?email=…), else the one typed last time. */
export function RegisterForm({ initialEmail }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const register = useRegister();
  const [email, setEmail] = useState(
    () => initialEmail || (sessionStore.get(storageKeys.pendingEmail) ?? ''),
  );
  const [fieldErrors, setFieldErrors, clearOnChange] = useFieldErrors();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        sessionStore.set(storageKeys.pendingEmail, parsed.data.email);
        navigate(paths.auth.verifyEmail.getHref(), { state: { email: parsed.data.email } });
      },
      onError: (error) => setFieldErrors(serverFieldErrors(error)),
    });
  }

  const formError =
    register.isError && !fieldErrors.email ? errorText(register.error, ui.register.errorFallback) : null;

  return (
    <form onChange={clearOnChange} onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert variant="error">{formError}</Alert>}
      <Input
        label={ui.register.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={ui.register.emailPlaceholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        errors={fieldErrors.email}
        required
        disabled={register.isPending}
      />
      <Button
        type="submit"
        fullWidth
        size="lg"
        disabled={email.trim() === ''}
        loading={register.isPending}
        loadingText={ui.register.submitting}
      >
        {ui.register.submit}
      </Button>
      <p className="text-center text-sm text-fg-muted">
        {ui.register.hasAccount}{' '}
        <Link to={paths.auth.login.getHref()} className="font-semibold text-primary-soft-fg hover:underline">
          {ui.register.login}
        </Link>
      </p>
    </form>
  );
}
