import { UnmatchedPage } from '@/features/replies/components/unmatched-page';

export default function UnmatchedRoute() {
  return <UnmatchedPage />;
}
