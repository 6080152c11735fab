import { api } from '@/lib/api-client';

export type OAuthProvider = 'google' | 'microsoft';

/** Where the browser goes to start a provider's sign-in; the server keeps state/PKCE/nonce in a cookie. */
export function providerLoginHref(provider: OAuthProvider): string {
  return `/api/auth/${provider}/login`;
}

/**
 * Asks the server why a provider cannot start (it answers 503 problem+json with a pt-BR message when the
 * provider is not configured), so the message appears on the login screen instead of a raw JSON page.
 */
export async function probeProviderLogin(provider: OAuthProvider): Promise<void> {
  await api.get<unknown>(`/auth/${provider}/login`);
}
