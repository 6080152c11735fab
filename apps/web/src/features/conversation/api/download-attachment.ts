import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import type { Attachment } from './list-attachments';

const t = ui.conversation;

/** `GET /api/attachments/:key`: one file, handed to the browser under its own name. */
export async function downloadAttachment(file: Pick<Attachment, 'key' | 'filename'>): Promise<void> {
  const { blob } = await apiDownload(`/attachments/${encodeURIComponent(file.key)}`, {
    fallback: t.attachmentError,
  });
  saveBlob(blob, file.filename);
}

/**
 * Downloads the files one after another: 'Erro ao baixar {file}' for each that fails, then
 * '{n} anexo(s) baixado(s) com sucesso!' or 'Nenhum anexo pôde ser baixado.' (spec 001 §8).
 */
export async function downloadAttachments(files: readonly Attachment[]): Promise<number> {
  if (files.length === 0) {
    showToast({ message: t.noAttachments, variant: 'info' });
    return 0;
  }
  let downloaded = 0;
  for (const file of files) {
    try {
      await downloadAttachment(file);
      downloaded++;
    } catch {
      showToast({ message: formatMessage(t.downloadError, { file: file.filename }), variant: 'error' });
    }
  }
  showToast(
    downloaded > 0
      ? { message: formatMessage(t.downloaded, { n: downloaded }), variant: 'success' }
      : { message: t.downloadNone, variant: 'error' },
  );
  return downloaded;
}

export function useDownloadAttachments() {
  return useMutation({ mutationFn: downloadAttachments });
}
