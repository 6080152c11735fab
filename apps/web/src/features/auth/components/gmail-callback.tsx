import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CopyIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { storageKeys } from '@/config/constants';
import { paths } from '@/config/paths';
import { storage } from '@/lib/storage';

const t = ui.gmailCallback;

async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** The provider sent the person back without a code: refused at its consent page, or another error. */
function NoCode({ error, description }: { error: string | null; description: string | null }) {
  const [heading, text] =
    error === 'access_denied'
      ? [t.deniedHeading, t.denied]
      : error
        ? [t.providerErrorHeading, formatMessage(t.providerError, { erro: description ?? error })]
        : [t.missingHeading, t.missing];
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-fg">{heading}</h1>
        <p className="mt-2 text-sm text-fg-muted">{text}</p>
      </div>
      <Link to={paths.settings.root.getHref()} className={buttonClasses({})}>
        {t.toSettings}
      </Link>
    </div>
  );
}

/**
 * Mail-provider authorization return: show the code, copy it and keep it in local storage (spec 2). The
 * write reaches the Configurações tab that opened the link as a `storage` event: it fills the code in.
 */
export function GmailCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = useCallback(async (value: string) => {
    setCopyState((await copyText(value)) ? 'copied' : 'failed');
  }, []);

  useEffect(() => {
    if (!code) return;
    // The state goes back with the code, so the exchange is bound to the link this browser generated;
    // it is written first, so the tab woken by the code finds it.
    if (state) storage.set(storageKeys.gmailState, state);
    else storage.remove(storageKeys.gmailState);
    storage.set(storageKeys.gmailCode, code);
    void copy(code);
  }, [code, state, copy]);

  if (!code) return <NoCode error={params.get('error')} description={params.get('error_description')} />;

  function goBack() {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.settings.root.getHref());
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-fg">{t.heading}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t.intro}</p>
      </div>
      <output className="block rounded-lg border border-border bg-surface-muted p-3 font-mono text-sm break-all text-fg select-all">
        {code}
      </output>
      {copyState === 'copied' && <Alert variant="success">{t.copied}</Alert>}
      {copyState === 'failed' && <Alert variant="warning">{t.copyFailed}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => copy(code)}>
          <CopyIcon size={16} />
          {t.copy}
        </Button>
        <Button onClick={goBack}>{t.back}</Button>
      </div>
    </div>
  );
}
