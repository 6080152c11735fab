import { waitText } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useState } from 'react';
import { SYNC_POLL_MS } from '../api/mail-sources-keys';
import { useRefreshMailSources } from '../api/refresh-mail-sources';

const t = ui.inboundSources;
const SECONDS_PER_UNIT: Record<string, number> = { segundo: 1, minuto: 60, hora: 3600 };
/** After the wait, how long the lists are read again waiting for the retry to show its outcome. */
const RETRY_WATCH_MS = 60_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const [retryBefore = '', retryAfter = ''] = t.retryIn.split('{espera}');
/** 'Nova tentativa em 40 segundos.' at the end of a stored error (the throttle and quota messages). */
const RETRY_PATTERN = new RegExp(
  `${escapeRegExp(retryBefore)}(\\d+) (segundo|minuto|hora)s?${escapeRegExp(retryAfter)}$`,
);

/** The error without its 'Nova tentativa em …' and that wait in seconds; null when it announces none. */
export function parseRetryWait(message: string): { text: string; seconds: number } | null {
  const match = RETRY_PATTERN.exec(message);
  if (!match) return null;
  return {
    text: message.slice(0, match.index).trimEnd(),
    seconds: Number(match[1]) * (SECONDS_PER_UNIT[match[2]!] ?? 1),
  };
}

function RetryCountdown({ text, seconds }: { text: string; seconds: number }) {
  const refresh = useRefreshMailSources();
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const isDue = now >= deadline;

  useEffect(() => {
    if (!isDue) {
      const tick = setInterval(() => setNow(Date.now()), 1000);
      return () => clearInterval(tick);
    }
    // The wait is over: the server retries by itself; read the lists until its outcome shows.
    void refresh();
    const poll = setInterval(() => void refresh(), SYNC_POLL_MS);
    const stop = setTimeout(() => clearInterval(poll), RETRY_WATCH_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [isDue, refresh]);

  const remaining = Math.ceil((deadline - now) / 1000);
  return (
    <>
      {text} {isDue ? t.retryDue : t.retryIn.replace('{espera}', waitText(remaining))}
    </>
  );
}

/**
 * A mailbox's stored error. One that announces 'Nova tentativa em {espera}' counts the wait down from
 * when this screen first showed it, then says the retry is under way instead of a time already past.
 */
export function SourceErrorText({ message }: { message: string }) {
  const wait = parseRetryWait(message);
  if (!wait) return <>{message}</>;
  return <RetryCountdown key={message} text={wait.text} seconds={wait.seconds} />;
}
