import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useLocation } from 'react-router';
import { PageTitle } from '@/components/ui/page';
import { storageKeys } from '@/config/constants';
import { AuthCardHeader, AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';
import { sessionStore } from '@/lib/storage';

export default function VerifyEmailRoute() {
  const location = useLocation();
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const email = typeof stateEmail === 'string' ? stateEmail : sessionStore.get(storageKeys.pendingEmail);
  return (
    <AuthLayout aside={<SignUpSteps current={2} />}>
      <PageTitle title={ui.verifyEmail.title} />
      <AuthCardHeader
        step={formatMessage(ui.register.steps, { step: 2, total: ui.authLayout.steps.length })}
        title={ui.verifyEmail.heading}
        subtitle={
          email ? formatMessage(ui.verifyEmail.subheading, { email }) : ui.verifyEmail.subheadingNoEmail
        }
      />
      <VerifyEmailForm />
    </AuthLayout>
  );
}
