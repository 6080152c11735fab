import { ui } from '@cotacoes/shared/messages/ui';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page';
import { PortalAnswerPage, PortalLayout } from '@/features/portal';

export default function PortalAnswerRoute() {
  const { token = '' } = useParams();
  return (
    <PortalLayout wide>
      <PageTitle title={ui.portal.answer.title} />
      <PortalAnswerPage token={token} />
    </PortalLayout>
  );
}
