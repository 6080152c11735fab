import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleCallback } from '@/features/auth/components/google-callback';
import { CallbackAside } from './callback-aside';

export default function GoogleCallbackRoute() {
  return (
    <AuthLayout aside={<CallbackAside />}>
      <PageTitle title={ui.googleCallback.title} />
      <GoogleCallback />
    </AuthLayout>
  );
}
