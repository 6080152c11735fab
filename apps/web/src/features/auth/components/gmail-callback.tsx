import { ui } from '@cotacoes/shared/messages/ui';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CopyIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { storageKeys } from '@/config/constants';
import { paths } from '@/config/paths';
import { storage } from '@/lib/storage';

async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** Mail-provider authorization return: show the code, copy it, keep it in local storage (spec 2). */
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
    storage.set(storageKeys.gmailCode, code);
    // The state goes back with the code, so the exchange is bound to the link this browser generated.
    if (state) storage.set(storageKeys.gmailState, state);
    else storage.remove(storageKeys.gmailState);
    void copy(code);
  }, [code, state, copy]);

  function goBack() {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.settings.root.getHref());
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-fg">{ui.gmailCallback.heading}</h1>
        <p className="mt-2 text-sm text-fg-muted">
          {code ? ui.gmailCallback.intro : ui.gmailCallback.missing}
        </p>
      </div>
      {code && (
        <>
          <output className="block rounded-lg border border-border bg-surface-muted p-3 font-mono text-sm break-all text-fg select-all">
            {code}
          </output>
          {copyState === 'copied' && <Alert variant="success">{ui.gmailCallback.copied}</Alert>}
          {copyState === 'failed' && <Alert variant="warning">{ui.gmailCallback.copyFailed}</Alert>}
          <Button variant="secondary" onClick={() => copy(code)}>
            <CopyIcon size={16} />
            {ui.gmailCallback.copy}
          </Button>
        </>
      )}
      <div>
        <Button onClick={goBack}>{ui.gmailCallback.back}</Button>
      </div>
    </div>
  );
}
