import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthCardHeader, AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';
import { CreatePasswordForm } from '@/features/auth/components/create-password-form';

export default function CreatePasswordRoute() {
  return (
    <AuthLayout aside={<SignUpSteps current={3} />}>
      <PageTitle title={ui.createPassword.title} />
      <AuthCardHeader
        step={formatMessage(ui.register.steps, { step: 3, total: ui.authLayout.steps.length })}
        title={ui.createPassword.heading}
        subtitle={ui.createPassword.subheading}
      />
      <CreatePasswordForm />
    </AuthLayout>
  );
}
