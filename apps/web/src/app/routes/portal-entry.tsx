import { ui } from '@cotacoes/shared/messages/ui';
import { PageTitle } from '@/components/ui/page';
import { PortalEntryForm, PortalLayout } from '@/features/portal';

export default function PortalEntryRoute() {
  return (
    <PortalLayout>
      <PageTitle title={ui.portal.entry.title} />
      <PortalEntryForm />
    </PortalLayout>
  );
}
