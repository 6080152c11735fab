import { NewQuotePage } from '@/features/quotes/components/new-quote-page';

export default function NewQuoteRoute() {
  return <NewQuotePage />;
}
