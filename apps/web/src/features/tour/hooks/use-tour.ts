import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';

/** Tutorial state of spec 4 (run flag, tour-active flag, step index); the steps arrive with the tour issue. */
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

/** Finishing, skipping or closing ends the tour and resets the step to 0. */
export function endTour(): void {
  tourStore.set({ run: false, tourActive: false, stepIndex: 0 });
}

export function useTour(): TourState {
  return useSyncExternalStore(tourStore.subscribe, tourStore.get, tourStore.get);
}
