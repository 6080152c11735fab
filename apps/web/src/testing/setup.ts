import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { sessionStore } from '@/lib/session';
import { clearToasts } from '@/lib/toast';

// findBy*/waitFor give a screen 4 s (not 1 s) to settle: the suite runs beside the API's on a 2-core CI
// machine, where a table of ten rows has been seen to take longer than a second to render.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState({}, '', '/');
  document.documentElement.className = '';
  document.title = '';
  sessionStore.set({ status: 'ready', user: null });
});

afterEach(() => {
  cleanup();
  clearToasts();
  setNavigator(null);
});
