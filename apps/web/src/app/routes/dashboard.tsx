import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { TourOffer } from '@/features/tour/components/tour-offer';

export default function DashboardRoute() {
  return <DashboardPage offer={<TourOffer />} />;
}
