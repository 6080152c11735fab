import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { CallbackAside } from './callback-aside';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout aside={<CallbackAside />}>
      <PageTitle title={ui.forgotPassword.title} />
      <ForgotPasswordFlow />
    </AuthLayout>
  );
}
