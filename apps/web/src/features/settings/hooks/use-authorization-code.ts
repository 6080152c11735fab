import { useEffect, useRef } from 'react';
import { storageKeys } from '@/config/constants';
import { storage } from '@/lib/storage';

/**
 * The authorization code the return screen (/auth/gmail/callback, for Gmail and Microsoft 365) keeps in
 * local storage. Its tab writing it reaches this one as a `storage` event: while `listening` (this tab
 * generated a link), the code is handed over as it arrives, so nobody has to paste it.
 */
export function useReceivedAuthorizationCode(listening: boolean, onCode: (code: string) => void) {
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    if (!listening) return;
    function onStorage(event: StorageEvent) {
      if (event.key === storageKeys.gmailCode && event.newValue) handler.current(event.newValue);
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [listening]);
}

/** The `state` the return screen kept, when `code` is the code it kept with it (else none). */
export function storedStateFor(code: string): string | undefined {
  return storage.get(storageKeys.gmailCode) === code
    ? (storage.get(storageKeys.gmailState) ?? undefined)
    : undefined;
}

/** After a connection: the code is spent. */
export function forgetStoredCode() {
  storage.remove(storageKeys.gmailCode);
  storage.remove(storageKeys.gmailState);
}
