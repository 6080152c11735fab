import { TOUR_LOAD_WAIT_MS, TOUR_RESTART_DELAY_MS, TOUR_RETRY_DELAY_MS } from '@/config/constants';
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

/**
 * After navigating to a step's screen: starts the step when its element can be shown (spec 000: restart
 * after 1 s; if the element is missing, look again 500 ms later and start anyway, which skips the step).
 * One addition: while the screen has not drawn the element at all (its code or data still loading on a slow
 * connection or machine), keep looking every 500 ms for up to 10 s, so that a slow screen does not lose its
 * step. An element that is there but cannot be seen (a phone's off-screen side menu) is not waited for.
 */
export function startWhenShown(
  selector: string | null,
  start: () => void,
  later: (callback: () => void, ms: number) => void,
): void {
  later(() => {
    if (visibleTarget(selector)) {
      start();
      return;
    }
    const deadline = Date.now() + TOUR_LOAD_WAIT_MS;
    const look = () => {
      const drawn = selector === null || document.querySelector(selector) !== null;
      if (drawn || Date.now() >= deadline) start();
      else later(look, TOUR_RETRY_DELAY_MS);
    };
    later(look, TOUR_RETRY_DELAY_MS);
  }, TOUR_RESTART_DELAY_MS);
}
