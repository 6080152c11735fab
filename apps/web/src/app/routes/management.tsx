import { ManagementPage } from '@/features/management/components/management-page';

export default function ManagementRoute() {
  return <ManagementPage />;
}
