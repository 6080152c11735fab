import { ui } from '@cotacoes/shared/messages/ui';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Screens of later issues: each route exists so the menu leads somewhere meanwhile. */
function Placeholder({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} />
      <UnderConstruction />
    </>
  );
}

export const QuoteApprovePage = () => <Placeholder title={ui.placeholders.quoteApprove} />;
