import { ui } from '@cotacoes/shared/messages/ui';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ACTIONS, EVENTS, type EventData, type Locale, STATUS, type Step, useJoyride } from 'react-joyride';
import { useLocation, useNavigate } from 'react-router';
import { endTour, pauseTour, startTour, useTour } from '../hooks/use-tour';
import { startWhenShown, TOUR_STEPS, visibleTarget } from '../tour-steps';
import { TourTooltip } from './tour-tooltip';

const labels = ui.tour.labels;
const locale: Locale = {
  back: labels.back,
  close: labels.close,
  last: labels.last,
  next: labels.next,
  // The library's placeholders are {current} and {total}.
  nextWithProgress: labels.nextWithProgress.replace('{step}', '{current}').replace('{steps}', '{total}'),
  skip: labels.skip,
};

const steps: Step[] = TOUR_STEPS.map((definition, index) => ({
  target: definition.target === null ? 'body' : () => visibleTarget(definition.target),
  placement: definition.placement,
  title: ui.tour.steps[index]!.title,
  content: ui.tour.steps[index]!.content,
}));

/**
 * The guided tour (spec 000 "Guided tour", spec 4), mounted by the shell while the tour is active. A step
 * on another screen: the tour stops, navigates, and restarts at that step after 1 s — or 500 ms later
 * when its target is not there yet (longer while the screen is still loading, see `startWhenShown`), and
 * then a missing target skips the step (in the direction of travel).
 * Finishing, skipping or closing ends it and resets the step to 0.
 */
export default function GuidedTour() {
  const { run, stepIndex } = useTour();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;
  const direction = useRef<1 | -1>(1);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const finish = useCallback(() => {
    clearTimers();
    endTour();
  }, [clearTimers]);

  const moveTo = useCallback(
    (target: number, towards: 1 | -1) => {
      clearTimers();
      direction.current = towards;
      const index = Math.max(0, target);
      const step = TOUR_STEPS[index];
      if (!step) {
        endTour();
        return;
      }
      if (currentPath.current === step.route) {
        startTour(index);
        return;
      }
      pauseTour(index);
      navigate(step.route);
      startWhenShown(
        step.target,
        () => startTour(index),
        (callback, ms) => timers.current.push(setTimeout(callback, ms)),
      );
    },
    [clearTimers, navigate],
  );

  const onEvent = useCallback(
    ({ type, action, index, status }: EventData) => {
      if (status === STATUS.FINISHED || status === STATUS.SKIPPED || type === EVENTS.TOUR_END) {
        finish();
      } else if (type === EVENTS.TARGET_NOT_FOUND) {
        moveTo(index + direction.current, direction.current);
      } else if (type === EVENTS.STEP_AFTER) {
        if (action === ACTIONS.NEXT) moveTo(index + 1, 1);
        else if (action === ACTIONS.PREV) moveTo(index - 1, -1);
        else if (action === ACTIONS.CLOSE || action === ACTIONS.SKIP) finish();
      }
    },
    [finish, moveTo],
  );

  const options = useMemo(
    () => ({
      skipBeacon: true,
      showProgress: true,
      buttons: ['back', 'close', 'primary', 'skip'] as Step['buttons'],
      closeButtonAction: 'skip' as const,
      dismissKeyAction: 'close' as const,
      overlayClickAction: false as const,
      primaryColor: '#2563eb',
      arrowColor: 'var(--app-surface)',
      zIndex: 1000,
      scrollOffset: 96,
      spotlightRadius: 12,
      spotlightPadding: 8,
    }),
    [],
  );

  const { Tour } = useJoyride({
    steps,
    run,
    stepIndex,
    continuous: true,
    locale,
    options,
    tooltipComponent: TourTooltip,
    onEvent,
  });
  return Tour;
}
