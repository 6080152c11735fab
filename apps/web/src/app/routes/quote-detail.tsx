import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';

export default function QuoteDetailRoute() {
  return <QuoteDetailPage />;
}
