import { useSyncExternalStore } from 'react';
import { storageKeys } from '@/config/constants';
import { createStore } from './create-store';
import { storage } from './storage';

export type Theme = 'light' | 'dark';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const systemQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK) : null);

/** The theme the user chose (saved), else the system's preference (public/theme-init.js reads it the same way). */
function initialTheme(): Theme {
  const saved = storage.get(storageKeys.theme);
  if (saved === 'dark' || saved === 'light') return saved;
  return systemQuery()?.matches ? 'dark' : 'light';
}

export const themeStore = createStore<Theme>(initialTheme());

// Until the user chooses, the theme follows the system's as it changes (a phone switching to dark at night).
systemQuery()?.addEventListener?.('change', (event) => {
  if (storage.get(storageKeys.theme) !== null) return;
  const theme: Theme = event.matches ? 'dark' : 'light';
  document.documentElement.classList.toggle('dark', theme === 'dark');
  themeStore.set(theme);
});

/** Applies at once as the `dark` class on <html>; public/theme-init.js does the same before paint. */
export function setTheme(theme: Theme): void {
  storage.set(storageKeys.theme, theme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  themeStore.set(theme);
}

export function toggleTheme(): void {
  setTheme(themeStore.get() === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
