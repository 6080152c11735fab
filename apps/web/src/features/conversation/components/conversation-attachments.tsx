import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { useDownloadAttachments } from '../api/download-attachment';
import { attachmentsQuery } from '../api/list-attachments';

const t = ui.conversation;

/** The files of one message: each downloadable, or all at once. */
export function ConversationAttachments({ messageId, count }: { messageId: string; count: number }) {
  const files = useQuery({ ...attachmentsQuery(messageId), enabled: count > 0 });
  const download = useDownloadAttachments();
  const headingId = `anexos-${messageId}`;

  if (count === 0) return <p className="text-sm text-fg-muted">{t.noAttachments}</p>;
  if (files.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner size={14} />
        {t.attachmentsLoading}
      </p>
    );
  if (files.isError) return <Alert variant="error">{errorText(files.error, t.attachmentsError)}</Alert>;
  const { attachments, original } = files.data;
  if (attachments.length === 0 && !original)
    return <p className="text-sm text-fg-muted">{t.noAttachments}</p>;

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t.attachments} ({attachments.length})
        </h4>
        {attachments.length > 1 && (
          <Button
            size="sm"
            variant="secondary"
            loading={download.isPending}
            loadingText={t.downloading}
            onClick={() => download.mutate(attachments)}
          >
            <DownloadIcon size={14} />
            {t.downloadAll}
          </Button>
        )}
      </div>
      <ul className="space-y-1.5">
        {attachments.map((file) => (
          <li
            key={file.key}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm"
          >
            <FileTextIcon size={16} className="shrink-0 text-fg-muted" />
            <span className="min-w-0 flex-1 font-medium break-all text-fg">{file.filename}</span>
            <span className="text-xs text-fg-muted">{formatBytes(file.size)}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={formatMessage(t.downloadOne, { file: file.filename })}
              disabled={download.isPending}
              onClick={() => download.mutate([file])}
            >
              <DownloadIcon size={14} />
            </Button>
          </li>
        ))}
      </ul>
      {original && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span>{t.originalHint}</span>
          <Button
            size="sm"
            variant="ghost"
            disabled={download.isPending}
            onClick={() => download.mutate([original])}
            className="h-auto min-h-8 max-w-full whitespace-normal text-left"
          >
            <DownloadIcon size={14} className="shrink-0" />
            {formatMessage(t.originalDownload, { tamanho: formatBytes(original.size) })}
          </Button>
        </div>
      )}
    </section>
  );
}
