import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page';
import { AuthCardHeader, AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';
import { InviteNotice } from '@/features/auth/components/invite-notice';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register, also reached from an invitation e-mail: /register?email=…&convite=… */
export default function RegisterRoute() {
  const [params] = useSearchParams();
  const invite = params.get('convite');
  return (
    <AuthLayout aside={<SignUpSteps current={1} />}>
      <PageTitle title={ui.register.title} />
      <AuthCardHeader
        step={formatMessage(ui.register.steps, { step: 1, total: ui.authLayout.steps.length })}
        title={ui.register.heading}
        subtitle={ui.register.subheading}
      />
      {invite && <InviteNotice token={invite} />}
      <RegisterForm initialEmail={params.get('email')?.trim() ?? undefined} />
    </AuthLayout>
  );
}
