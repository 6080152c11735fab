import { ui } from '@cotacoes/shared/messages/ui';
import { storageKeys } from '@/config/constants';
import { makeUser } from '@/testing/fixtures';
import { readStoredUser } from './session';
import { toastStore } from './toast';

describe('stored session', () => {
  it('restores a valid stored user', () => {
    window.localStorage.setItem(storageKeys.user, JSON.stringify(makeUser()));
    expect(readStoredUser()).toEqual(makeUser());
    expect(toastStore.get()).toEqual([]);
  });

  it.each([
    '{not json',
    JSON.stringify({ name: 'Sem id' }),
    JSON.stringify({ ...makeUser(), role: 'admin' }),
  ])("removes a corrupt stored user (%s) and says 'Erro ao carregar dados do usuário'", (raw) => {
    window.localStorage.setItem(storageKeys.user, raw);
    expect(readStoredUser()).toBeNull();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(toastStore.get()[0]?.message).toBe(ui.session.corruptUser);
  });
});
