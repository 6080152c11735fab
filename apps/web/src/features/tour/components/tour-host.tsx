import { lazy, Suspense } from 'react';
import { useTour } from '../hooks/use-tour';

// The tour library loads only when a tour starts: nobody pays for it on the way to their work.
const GuidedTour = lazy(() => import('./guided-tour'));

/** Mounted once by the shell: the guided tour while it is active (spec 000: "Mounted globally"). */
export function TourHost() {
  const { tourActive } = useTour();
  if (!tourActive) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour />
    </Suspense>
  );
}
