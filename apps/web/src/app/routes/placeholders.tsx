import { ui } from '@cotacoes/shared/messages/ui';
import { WrenchIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';

/** Screens of later issues: each route exists so the menu leads somewhere meanwhile. */
function Placeholder({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} />
      <Card className="flex items-start gap-4 p-6">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
          <WrenchIcon size={22} />
        </span>
        <div>
          <h2 className="font-semibold text-fg">{ui.common.underConstruction}</h2>
          <p className="mt-1 text-sm text-fg-muted">{ui.common.underConstructionText}</p>
        </div>
      </Card>
    </>
  );
}

export const ManagementPage = () => <Placeholder title={ui.placeholders.management} />;
export const NewQuotePage = () => <Placeholder title={ui.placeholders.quotes} />;
export const SentQuotesPage = () => <Placeholder title={ui.placeholders.sentQuotes} />;
export const QuoteDetailPage = () => <Placeholder title={ui.placeholders.quoteDetail} />;
export const QuoteApprovePage = () => <Placeholder title={ui.placeholders.quoteApprove} />;
export const IndicatorsPage = () => <Placeholder title={ui.placeholders.indicators} />;
