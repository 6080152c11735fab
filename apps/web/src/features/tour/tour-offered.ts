import { storageKeys } from '@/config/constants';
import { storage } from '@/lib/storage';

/** Whether this user was already offered the guided tour on this browser (started, declined or finished). */
export function wasTourOffered(userId: string): boolean {
  return storage.get(`${storageKeys.tourOffered}:${userId}`) !== null;
}

export function markTourOffered(userId: string): void {
  storage.set(`${storageKeys.tourOffered}:${userId}`, new Date().toISOString());
}
