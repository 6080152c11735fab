import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '@/api/get-public-config';
import { InboxIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { VERIFICATION_CODE_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { VerificationCodeInput } from './verification-code-input';

/** The server's interval between two codes (auth.service RESEND_MIN_INTERVAL_MS). */
const RESEND_WAIT_SECONDS = 30;

export function VerifyEmailForm() {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const config = usePublicConfig();
  const [code, setCode] = useState('');
  const complete = code.length === VERIFICATION_CODE_LENGTH;
  // The code was sent just before this page opened, and the server sends another only 30 s after it.
  const [wait, setWait] = useState(RESEND_WAIT_SECONDS);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((current) => current - 1), 1_000);
    return () => clearTimeout(timer);
  }, [wait]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || verify.isPending) return;
    resend.reset();
    verify.mutate({ code }, { onSuccess: () => navigate(paths.auth.createPassword.getHref()) });
  }

  function onResend() {
    if (wait > 0) return;
    verify.reset();
    resend.mutate(undefined, { onSuccess: () => setWait(RESEND_WAIT_SECONDS) });
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {verify.isError && (
          <Alert variant="error">{errorText(verify.error, ui.verifyEmail.errorFallback)}</Alert>
        )}
        <VerificationCodeInput value={code} onChange={setCode} disabled={verify.isPending} />
        <Button
          type="submit"
          fullWidth
          size="lg"
          disabled={!complete}
          loading={verify.isPending}
          loadingText={ui.verifyEmail.submitting}
        >
          {ui.verifyEmail.submit}
        </Button>
      </form>

      <div className="space-y-2 text-center text-sm">
        <p className="text-fg-muted">
          {ui.verifyEmail.resendQuestion}{' '}
          <Button
            variant="link"
            onClick={onResend}
            disabled={resend.isPending || wait > 0}
            className="text-sm font-semibold"
          >
            {resend.isPending
              ? ui.verifyEmail.resending
              : wait > 0
                ? formatMessage(ui.verifyEmail.resendIn, { segundos: wait })
                : ui.verifyEmail.resend}
          </Button>
        </p>
        <div aria-live="polite">
          {resend.isSuccess && <p className="font-medium text-success-soft-fg">{ui.verifyEmail.resent}</p>}
          {resend.isError && (
            <p role="alert" className="font-medium text-danger-soft-fg">
              {errorText(resend.error, ui.verifyEmail.resendErrorFallback)}
            </p>
          )}
        </div>
      </div>

      {config.data?.mailboxEnabled && (
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
      )}

      <p className="text-center text-sm">
        <Link
          to={paths.auth.register.getHref()}
          className="font-semibold text-primary-soft-fg hover:underline"
        >
          {ui.verifyEmail.backToRegister}
        </Link>
      </p>
    </div>
  );
}
