import { PageTitle } from '@/components/ui/page';
import {
  PortalEntryForm,
  PortalLanguageProvider,
  PortalLayout,
  useEntryLanguage,
  usePortalTexts,
} from '@/features/portal';

function EntryTitle() {
  return <PageTitle title={usePortalTexts().t.entry.title} />;
}

/** /portal: 'Consultar cotação', in the language chosen ('?lang=en') or the browser's. */
export default function PortalEntryRoute() {
  return (
    <PortalLanguageProvider language={useEntryLanguage()}>
      <PortalLayout languageSwitch>
        <EntryTitle />
        <PortalEntryForm />
      </PortalLayout>
    </PortalLanguageProvider>
  );
}
