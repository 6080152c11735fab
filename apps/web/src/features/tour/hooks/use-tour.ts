import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';

/**
 * Tutorial state of spec 4: the run flag (the tooltip is showing), the tour-active flag (the tour is on,
 * possibly between screens) and the step index.
 */
export interface TourState {
  run: boolean;
  tourActive: boolean;
  stepIndex: number;
}

export const TOUR_STEP_COUNT = 8;

export const tourStore = createStore<TourState>({ run: false, tourActive: false, stepIndex: 0 });

export function startTour(stepIndex = 0): void {
  tourStore.set({ run: true, tourActive: true, stepIndex });
}

/** Between two screens: the tour stays active with its next step, not showing. */
export function pauseTour(stepIndex: number): void {
  tourStore.set({ run: false, tourActive: true, stepIndex });
}

/** Finishing, skipping or closing ends the tour and resets the step to 0. */
export function endTour(): void {
  tourStore.set({ run: false, tourActive: false, stepIndex: 0 });
}

export function useTour(): TourState {
  return useSyncExternalStore(tourStore.subscribe, tourStore.get, tourStore.get);
}
