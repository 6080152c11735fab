import { useParams } from 'react-router';
import { LaneDetailPage } from '@/features/lanes/components/lane-detail-page';

export default function LaneDetailRoute() {
  const { key = '' } = useParams();
  return <LaneDetailPage laneKey={key} />;
}
