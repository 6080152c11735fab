import { LanesPage } from '@/features/lanes/components/lanes-page';

export default function LanesRoute() {
  return <LanesPage />;
}
