import { ExtractPage } from '@/features/extract/components/extract-page';

export default function ExtractRoute() {
  return <ExtractPage />;
}
