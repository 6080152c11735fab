import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@cotacoes/shared/schemas/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '@/api/get-public-config';
import { InboxIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, PasswordInput } from '@/components/ui/input';
import { VERIFICATION_CODE_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { hasFieldErrors, issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthCardHeader } from './auth-layout';
import { PasswordRules } from './create-password-form';
import { VerificationCodeInput } from './verification-code-input';

const t = ui.forgotPassword;

/** Where the code goes in the embedded default: the local mailbox (as on the verification screen). */
function LocalMailboxNote() {
  const config = usePublicConfig();
  if (!config.data?.mailboxEnabled) return null;
  return (
    <Alert variant="info">
      <p>{ui.verifyEmail.mailboxNote}</p>
      <Link
        to={paths.mailbox.getHref()}
        target="_blank"
        rel="noopener"
        className="mt-1 inline-flex items-center gap-1.5 font-semibold underline underline-offset-2"
      >
        <InboxIcon size={16} />
        {ui.verifyEmail.mailboxLink}
      </Link>
    </Alert>
  );
}

function BackToLogin() {
  return (
    <p className="text-center text-sm">
      <Link to={paths.auth.login.getHref()} className="font-semibold text-primary-soft-fg hover:underline">
        {t.backToLogin}
      </Link>
    </p>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    forgot.mutate(parsed.data, {
      onSuccess: () => onSent(parsed.data.email),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  const formError =
    forgot.isError && !hasFieldErrors(errors) ? errorText(forgot.error, t.errorFallback) : null;
  return (
    <>
      <AuthCardHeader title={t.heading} subtitle={t.subheading} />
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-5">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Input
          label={t.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email}
          disabled={forgot.isPending}
          required
          autoFocus
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          disabled={email.trim() === ''}
          loading={forgot.isPending}
          loadingText={t.submitting}
        >
          {t.submit}
        </Button>
      </form>
      <div className="mt-6">
        <BackToLogin />
      </div>
    </>
  );
}

function ResetStep({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const filled = code.length === VERIFICATION_CODE_LENGTH && password !== '' && confirmPassword !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || reset.isPending) return;
    resend.reset();
    const parsed = resetPasswordBodySchema.safeParse({ code, password, confirmPassword });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: (answer) =>
        navigate(paths.auth.login.getHref(), { replace: true, state: { notice: answer.message } }),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  const formError =
    reset.isError && !hasFieldErrors(errors) ? errorText(reset.error, t.resetErrorFallback) : null;
  return (
    <>
      <AuthCardHeader title={t.codeHeading} subtitle={formatMessage(t.codeSubheading, { email })} />
      <div className="space-y-6">
        <Alert variant="info">{t.providerNote}</Alert>
        <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-5">
          {formError && <Alert variant="error">{formError}</Alert>}
          <fieldset disabled={reset.isPending} className="space-y-4">
            <VerificationCodeInput
              value={code}
              onChange={setCode}
              hint={t.codeHint}
              error={errors.code?.[0]}
            />
            <PasswordInput
              label={t.passwordLabel}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              errors={errors.password}
              aria-describedby="reset-password-rules"
              required
            />
            <PasswordRules password={password} id="reset-password-rules" />
            <PasswordInput
              label={t.confirmLabel}
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              errors={errors.confirmPassword}
              required
            />
          </fieldset>
          <Button
            type="submit"
            fullWidth
            size="lg"
            disabled={!filled}
            loading={reset.isPending}
            loadingText={t.resetSubmitting}
          >
            {t.resetSubmit}
          </Button>
        </form>
        <div className="space-y-2 text-center text-sm">
          <p className="text-fg-muted">
            {t.resendQuestion}{' '}
            <Button
              variant="link"
              className="text-sm font-semibold"
              disabled={resend.isPending}
              onClick={() => {
                reset.reset();
                resend.mutate({ email });
              }}
            >
              {t.resend}
            </Button>
          </p>
          <div aria-live="polite">
            {resend.isSuccess && <p className="font-medium text-success-soft-fg">{t.resent}</p>}
            {resend.isError && (
              <p role="alert" className="font-medium text-danger-soft-fg">
                {errorText(resend.error, t.errorFallback)}
              </p>
            )}
          </div>
          <Button variant="link" className="text-sm" onClick={onOtherEmail}>
            {t.otherEmail}
          </Button>
        </div>
        <LocalMailboxNote />
        <BackToLogin />
      </div>
    </>
  );
}

/** /forgot-password: e-mail → mailed 6-digit code and the new password → back to the login. */
export function ForgotPasswordFlow() {
  const [email, setEmail] = useState<string | null>(null);
  return email ? (
    <ResetStep email={email} onOtherEmail={() => setEmail(null)} />
  ) : (
    <EmailStep onSent={setEmail} />
  );
}
