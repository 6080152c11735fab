import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { Link } from 'react-router';
import { FilePlusIcon, FileTextIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { UnderConstruction } from '@/components/ui/under-construction';
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
      <UnderConstruction text={ui.dashboard.placeholder} />
    </>
  );
}
