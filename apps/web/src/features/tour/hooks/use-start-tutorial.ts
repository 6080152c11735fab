import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TUTORIAL_START_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { markTourOffered } from '../tour-offered';
import { startTour } from './use-tour';

/** Spec 2: on the dashboard the tour starts at step 0 at once; elsewhere it goes to / and starts after 100 ms. */
export function useStartTutorial(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUser();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    // Whoever starts it from the top bar needs no offer any more.
    if (user) markTourOffered(user.id);
    if (pathname === paths.home.path) {
      startTour(0);
      return;
    }
    navigate(paths.home.getHref());
    timer.current = setTimeout(() => startTour(0), TUTORIAL_START_DELAY_MS);
  }, [navigate, pathname, user]);
}
