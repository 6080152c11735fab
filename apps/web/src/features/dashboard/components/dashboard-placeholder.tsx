import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { Link } from 'react-router';
import { FilePlusIcon, FileTextIcon, WrenchIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';

/** Greets the user; the real dashboard (counts, activity, deadlines) replaces the note in a later issue. */
export function DashboardPlaceholder() {
  const user = useUser();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <>
      <PageTitle title={ui.dashboard.title} />
      <PageHeader
        title={formatMessage(ui.dashboard.greeting, { name: firstName })}
        description={ui.dashboard.subtitle}
        actions={
          <>
            <Link to={paths.quotes.sent.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              <FileTextIcon size={16} />
              {ui.dashboard.viewQuotes}
            </Link>
            <Link to={paths.quotes.new.getHref()} className={buttonClasses()}>
              <FilePlusIcon size={16} />
              {ui.dashboard.newQuote}
            </Link>
          </>
        }
      />
      <Card className="flex items-start gap-4 p-6">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
          <WrenchIcon size={22} />
        </span>
        <div>
          <h2 className="font-semibold text-fg">{ui.common.underConstruction}</h2>
          <p className="mt-1 text-sm text-fg-muted">{ui.dashboard.placeholder}</p>
        </div>
      </Card>
    </>
  );
}
