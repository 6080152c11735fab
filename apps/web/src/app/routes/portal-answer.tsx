import { useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page';
import {
  PortalAnswerPage,
  PortalLanguageProvider,
  PortalLayout,
  useAnswerLanguage,
  usePortalTexts,
} from '@/features/portal';

function AnswerTitle() {
  return <PageTitle title={usePortalTexts().t.answer.title} />;
}

/** /portal/:token, in the quote's language (the URL's `lang` or the browser's until the view says it). */
export default function PortalAnswerRoute() {
  const { token = '' } = useParams();
  const language = useAnswerLanguage(token);
  return (
    <PortalLanguageProvider language={language}>
      <PortalLayout wide>
        <AnswerTitle />
        <PortalAnswerPage token={token} />
      </PortalLayout>
    </PortalLanguageProvider>
  );
}
