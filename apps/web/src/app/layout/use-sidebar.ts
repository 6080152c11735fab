import { useCallback, useState } from 'react';
import { storageKeys } from '@/config/constants';
import { storage } from '@/lib/storage';

/** Collapsed state persisted under 'sidebar-collapsed' (spec 2). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => storage.get(storageKeys.sidebarCollapsed) === 'true');
  const toggle = useCallback(() => {
    setCollapsed((value) => {
      storage.set(storageKeys.sidebarCollapsed, String(!value));
      return !value;
    });
  }, []);
  return [collapsed, toggle];
}
