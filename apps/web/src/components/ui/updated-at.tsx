import { formatMessage } from '@cotacoes/shared/messages/errors';
import { formatClock } from '@/lib/format';

/**
 * When the figures on screen were read (ADR 0031: the dashboard and the indicators may be kept a few
 * seconds by the server). Nothing when the answer does not say.
 */
export function UpdatedAt({ at, template }: { at: string | undefined; template: string }) {
  const hora = at ? formatClock(at) : null;
  if (!hora) return null;
  return (
    <p className="text-xs text-fg-muted" data-testid="updated-at">
      <time dateTime={at}>{formatMessage(template, { hora })}</time>
    </p>
  );
}
