import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '@/api/get-public-config';
import { GoogleLogo, MicrosoftLogo } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { type OAuthProvider, probeProviderLogin, providerLoginHref } from '../api/provider-login';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const config = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [oauthBusy, setOauthBusy] = useState<OAuthProvider | null>(null);
  const [oauthError, setOauthError] = useState<string | null>(null);

  // Coming back from the provider with the browser's back button restores the page from cache.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setOauthBusy(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const busy = login.isPending || oauthBusy !== null;
  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setOauthError(null);
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: () => navigate(paths.home.getHref(), { replace: true }) },
    );
  }

  async function startProvider(provider: OAuthProvider) {
    setOauthBusy(provider);
    setOauthError(null);
    login.reset();
    const enabled = provider === 'google' ? config.data?.googleEnabled : config.data?.microsoftEnabled;
    if (enabled !== false) {
      window.location.assign(providerLoginHref(provider));
      return;
    }
    try {
      await probeProviderLogin(provider);
      window.location.assign(providerLoginHref(provider));
    } catch (error) {
      const detail = errorText(error, ui.network.offline);
      const template = provider === 'google' ? ui.login.googleError : ui.login.microsoftError;
      setOauthError(provider === 'microsoft' ? formatMessage(template, { detail }) : detail);
      setOauthBusy(null);
    }
  }

  const error = login.isError ? errorText(login.error, ui.login.errorFallback) : oauthError;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={busy}>
      {error && <Alert variant="error">{error}</Alert>}
      <fieldset disabled={busy} className="space-y-4">
        <Input
          label={ui.login.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={ui.login.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <PasswordInput
          label={ui.login.passwordLabel}
          name="password"
          autoComplete="current-password"
          placeholder={ui.login.passwordPlaceholder}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="flex justify-end">
          <Link
            to={paths.auth.forgotPassword.getHref()}
            className="text-sm font-semibold text-primary-soft-fg hover:underline"
          >
            {ui.login.forgotPassword}
          </Link>
        </div>
        <Button
          type="submit"
          fullWidth
          size="lg"
          disabled={!canSubmit}
          loading={login.isPending}
          loadingText={ui.login.submitting}
        >
          {ui.login.submit}
        </Button>
      </fieldset>

      <div className="flex items-center gap-3 text-xs text-fg-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {ui.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          aria-busy={oauthBusy === 'google' || undefined}
          onClick={() => startProvider('google')}
        >
          <GoogleLogo />
          {oauthBusy === 'google' ? ui.login.oauthBusy : ui.login.google}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          aria-busy={oauthBusy === 'microsoft' || undefined}
          onClick={() => startProvider('microsoft')}
        >
          <MicrosoftLogo />
          {oauthBusy === 'microsoft' ? ui.login.oauthBusy : ui.login.microsoft}
        </Button>
      </div>

      <p className="text-center text-xs text-fg-muted">{ui.login.terms}</p>
      <p className="text-center text-sm text-fg-muted">
        {ui.login.noAccount}{' '}
        <Link
          to={paths.auth.register.getHref()}
          className="font-semibold text-primary-soft-fg hover:underline"
        >
          {ui.login.createNow}
        </Link>
      </p>
    </form>
  );
}
