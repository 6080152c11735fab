import { SentQuotesPage } from '@/features/quotes/components/sent-quotes-page';

export default function SentQuotesRoute() {
  return <SentQuotesPage />;
}
