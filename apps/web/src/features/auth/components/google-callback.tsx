import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { signIn } from '@/lib/session';
import { exchangeGoogleCode } from '../api/google-callback';
import { AuthError } from './auth-error';

/** An authorization code is single use: React's double effect in development must not send it twice. */
const exchanges = new Map<string, ReturnType<typeof exchangeGoogleCode>>();

export function GoogleCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const code = params.get('code');
  const providerError = params.get('error');
  const state = params.get('state');

  useEffect(() => {
    if (providerError) {
      setError(formatMessage(ui.googleCallback.providerError, { error: providerError }));
      return;
    }
    if (!code) {
      setError(ui.googleCallback.missingCode);
      return;
    }
    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = exchangeGoogleCode({
        code,
        state,
        redirectUri: `${window.location.origin}${paths.auth.googleCallback.path}`,
      });
      exchanges.set(code, exchange);
    }
    let active = true;
    exchange
      .then((session) => {
        if (!active) return;
        signIn(session);
        navigate(paths.home.getHref(), { replace: true });
      })
      .catch((failure: unknown) => active && setError(errorText(failure, ui.googleCallback.backendError)));
    return () => {
      active = false;
    };
  }, [code, providerError, state, navigate]);

  return error ? <AuthError message={error} /> : <LoadingState label={ui.googleCallback.busy} />;
}
