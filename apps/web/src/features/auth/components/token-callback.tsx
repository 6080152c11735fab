import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isUser, signIn } from '@/lib/session';
import { AuthError } from './auth-error';

/** `user` arrives URL-encoded; searchParams already decodes once, a second encoding is tolerated. */
export function parseUserParam(raw: string): User | null {
  for (const candidate of [raw, safeDecode(raw)]) {
    if (candidate === null) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (typeof value === 'object' && value !== null) {
        const user = { empresaId: null, receiveEmailCopy: false, ...value };
        if (isUser(user)) return user;
      }
    } catch {
      // try the next decoding
    }
  }
  return null;
}

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * /auth/callback?token=…&user=… (Microsoft): store the session, then / or onboarding by empresaId.
 * The server sends `?error=<pt-BR message>` when the provider step failed.
 */
export function TokenCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const token = params.get('token');
  const rawUser = params.get('user');
  const serverError = params.get('error');

  useEffect(() => {
    if (serverError) {
      setError(serverError);
      return;
    }
    if (!token || !rawUser) {
      setError(ui.tokenCallback.incomplete);
      return;
    }
    const user = parseUserParam(rawUser);
    if (!user) {
      setError(ui.tokenCallback.processing);
      return;
    }
    signIn({ access_token: token, user });
    navigate(user.empresaId ? paths.home.getHref() : paths.onboarding.getHref(), { replace: true });
  }, [token, rawUser, serverError, navigate]);

  return error ? <AuthError message={error} /> : <LoadingState label={ui.tokenCallback.busy} />;
}
