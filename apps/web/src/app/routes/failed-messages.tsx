import { FailedPage } from '@/features/replies/components/failed-page';

export default function FailedMessagesRoute() {
  return <FailedPage />;
}
