import { useSyncExternalStore } from 'react';
import { storageKeys } from '@/config/constants';
import { createStore } from './create-store';
import { storage } from './storage';

export type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  return storage.get(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

export const themeStore = createStore<Theme>(initialTheme());

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
