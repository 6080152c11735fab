import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { changePasswordBodySchema } from '@cotacoes/shared/schemas/auth';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { PASSWORD_CHANGE_REDIRECT_MS, storageKeys } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { type FieldErrors, issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { clearSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { useChangePassword } from '../api/change-password';

interface Notice {
  variant: 'error' | 'success';
  title: string;
  message: string;
}

/** Picks the titled message of the first problem (required fields, rules, mismatch). */
function noticeFor(errors: FieldErrors): Notice {
  const all = Object.values(errors).flat();
  if (all.includes(errorMessages.PASSWORD_REQUIRED_FIELDS)) {
    return {
      variant: 'error',
      title: ui.changePassword.requiredTitle,
      message: errorMessages.PASSWORD_REQUIRED_FIELDS,
    };
  }
  const rule = errors.newPassword?.[0];
  if (rule) return { variant: 'error', title: ui.changePassword.invalidTitle, message: rule };
  return {
    variant: 'error',
    title: ui.changePassword.mismatchTitle,
    message: errorMessages.PASSWORD_MISMATCH,
  };
}

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors, clearOnChange] = useFieldErrors();
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Leaving before the redirect still ends the session the password change invalidated.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      clearSession();
    },
    [],
  );

  const set = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending || change.isSuccess) return;
    const missing = Object.values(values).some((value) => value === '');
    if (missing) {
      setFieldErrors({});
      setNotice({
        variant: 'error',
        title: ui.changePassword.requiredTitle,
        message: errorMessages.PASSWORD_REQUIRED_FIELDS,
      });
      return;
    }
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      const errors = issuesToFieldErrors(parsed.error.issues);
      setFieldErrors(errors);
      setNotice(noticeFor(errors));
      return;
    }
    setFieldErrors({});
    setNotice(null);
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        setNotice({
          variant: 'success',
          title: ui.changePassword.successTitle,
          message: answer?.message || ui.changePassword.success,
        });
        // The token goes at once; the user stays on screen to read the message until the redirect.
        storage.remove(storageKeys.token);
        timer.current = setTimeout(() => {
          timer.current = undefined;
          clearSession();
          navigate(paths.auth.login.getHref(), { replace: true });
        }, PASSWORD_CHANGE_REDIRECT_MS);
      },
      onError: (error) => {
        setFieldErrors(serverFieldErrors(error));
        setNotice({
          variant: 'error',
          title: ui.changePassword.errorTitle,
          message: errorText(error, ui.changePassword.errorFallback),
        });
      },
    });
  }

  const done = change.isSuccess;
  return (
    <>
      <PageTitle title={ui.changePassword.title} />
      <PageHeader
        title={ui.changePassword.heading}
        description={ui.changePassword.subtitle}
        actions={
          <Link to={paths.settings.root.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeftIcon size={16} />
            {ui.common.back}
          </Link>
        }
      />
      <Card className="max-w-xl p-5 sm:p-6">
        <form onChange={clearOnChange} onSubmit={onSubmit} noValidate className="space-y-4">
          {notice && (
            <Alert variant={notice.variant} title={notice.title}>
              {notice.message}
              {done && <p className="mt-1">{ui.changePassword.redirecting}</p>}
            </Alert>
          )}
          <fieldset disabled={change.isPending || done} className="space-y-4">
            <PasswordInput
              label={ui.changePassword.currentLabel}
              name="currentPassword"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
              errors={fieldErrors.currentPassword}
            />
            <PasswordInput
              label={ui.changePassword.newLabel}
              name="newPassword"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
              errors={fieldErrors.newPassword}
            />
            <PasswordInput
              label={ui.changePassword.confirmLabel}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              errors={fieldErrors.confirmPassword}
            />
          </fieldset>
          <Button
            type="submit"
            loading={change.isPending}
            loadingText={ui.changePassword.submitting}
            disabled={done}
          >
            {ui.changePassword.submit}
          </Button>
        </form>
      </Card>
    </>
  );
}
