import { paths } from '@/config/paths';

export type TourPlacement = 'center' | 'top' | 'bottom' | 'left' | 'right' | 'auto';

/** One step of the guided tour: the screen it happens on and what it points at (null: centered). */
export interface TourStepDefinition {
  route: string;
  target: string | null;
  placement: TourPlacement;
}

/**
 * The 8 steps of spec 000 "Guided tour", in order; their texts are `ui.tour.steps`. The last step is back
 * on the dashboard, so going back from it returns to the support page (spec 4).
 */
export const TOUR_STEPS: readonly TourStepDefinition[] = [
  { route: paths.home.path, target: null, placement: 'center' },
  { route: paths.home.path, target: '[data-tour="dashboard-stats"]', placement: 'bottom' },
  // The form's first part (the send formats): the whole form leaves no room for the tooltip on a laptop.
  { route: paths.quotes.new.path, target: '[data-tour="quote-form"] fieldset', placement: 'bottom' },
  { route: paths.quotes.new.path, target: '#menu-lateral nav', placement: 'right' },
  { route: paths.quotes.sent.path, target: '[data-tour="sent-quotes-filters"]', placement: 'bottom' },
  { route: paths.management.path, target: 'main [role="tablist"]', placement: 'bottom' },
  { route: paths.support.path, target: '[data-tour="support-channels"]', placement: 'bottom' },
  { route: paths.home.path, target: null, placement: 'center' },
];

/**
 * The step's element when a person can see it: on the page, laid out, not hidden, inside the window
 * (the side menu of a phone is off-screen until opened). Null otherwise: the step is skipped.
 */
export function visibleTarget(selector: string | null): HTMLElement | null {
  if (selector === null) return document.body;
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) return null;
  const box = element.getBoundingClientRect();
  const style = window.getComputedStyle(element);
  const hidden =
    style.visibility === 'hidden' || style.display === 'none' || element.closest('[hidden]') !== null;
  if (hidden || box.width === 0 || box.height === 0) return null;
  return box.right > 0 && box.left < window.innerWidth ? element : null;
}
