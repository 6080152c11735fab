import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { TokenCallback } from '@/features/auth/components/token-callback';
import { CallbackAside } from './callback-aside';

export default function TokenCallbackRoute() {
  return (
    <AuthLayout aside={<CallbackAside />}>
      <PageTitle title={ui.tokenCallback.title} />
      <TokenCallback />
    </AuthLayout>
  );
}
