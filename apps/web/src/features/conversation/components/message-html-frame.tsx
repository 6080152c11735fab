import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';

/**
 * The e-mail's own policy, on top of the app's: nothing loads or runs but inline styles and embedded
 * images; remote images (https only) when the user asked for them.
 */
export function frameDocument(html: string, options: { remoteImages: boolean; showQuoted: boolean }) {
  const images = options.remoteImages ? 'data: https:' : 'data:';
  const csp = `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'`;
  const styles = [
    'body{margin:12px;font:14px/1.5 system-ui,sans-serif;color:#111827;background:#fff;overflow-wrap:anywhere}',
    'table{border-collapse:collapse;max-width:100%}td,th{padding:2px 4px}img{max-width:100%;height:auto}',
    'img[data-imagem-remota]{display:inline-block;min-width:4rem;min-height:1.5rem;border:1px dashed #9ca3af;background:#f3f4f6}',
    options.showQuoted ? '' : 'blockquote{display:none}',
  ].join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>${styles}</style></head><body>${html}</body></html>`;
}

/**
 * Sanitised HTML of a carrier's e-mail (the server already removed scripts and handlers) inside an iframe
 * with every sandbox restriction: no scripts, no same-origin access, no forms, no navigation (S10).
 */
export function MessageHtmlFrame({
  html,
  from,
  remoteImages,
  showQuoted,
}: {
  html: string;
  from: string;
  remoteImages: boolean;
  showQuoted: boolean;
}) {
  return (
    <iframe
      title={formatMessage(ui.conversation.htmlFrameTitle, { from })}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={frameDocument(html, { remoteImages, showQuoted })}
      className="h-80 w-full resize-y rounded-lg border border-border bg-white sm:h-96"
    />
  );
}
