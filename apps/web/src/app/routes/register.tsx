import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthCardHeader, AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <AuthLayout aside={<SignUpSteps current={1} />}>
      <PageTitle title={ui.register.title} />
      <AuthCardHeader
        step={formatMessage(ui.register.steps, { step: 1 })}
        title={ui.register.heading}
        subtitle={ui.register.subheading}
      />
      <RegisterForm />
    </AuthLayout>
  );
}
