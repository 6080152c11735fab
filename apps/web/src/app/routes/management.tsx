import { ManagementPage } from '@/features/carriers/components/management-page';

export default function ManagementRoute() {
  return <ManagementPage />;
}
