import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { sessionStore } from '@/lib/session';
import { clearToasts } from '@/lib/toast';

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
