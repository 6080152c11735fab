import { IndicatorsPage } from '@/features/indicators/components/indicators-page';

export default function IndicatorsRoute() {
  return <IndicatorsPage />;
}
