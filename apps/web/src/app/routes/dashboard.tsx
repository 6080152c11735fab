import { DashboardPlaceholder } from '@/features/dashboard/components/dashboard-placeholder';

export default function DashboardRoute() {
  return <DashboardPlaceholder />;
}
