import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GmailCallback } from '@/features/auth/components/gmail-callback';
import { CallbackAside } from './callback-aside';

export default function GmailCallbackRoute() {
  return (
    <AuthLayout aside={<CallbackAside />}>
      <PageTitle title={ui.gmailCallback.title} />
      <GmailCallback />
    </AuthLayout>
  );
}
