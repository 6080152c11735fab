import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FileTextIcon, PlusIcon, SendIcon, TrashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import type { MailboxSummary } from '../api/list-messages';
import { type ReplyAsCarrierAnswer, useReplyAsCarrier } from '../api/reply-as-carrier';

const t = uiReplies.mailboxReply;
const QUOTE_CODE = /\bCOT-\d{4}-\d{3,}\b/;
const ADDRESS = /[^\s<>,;:"]+@[^\s<>,;:"]+\.[^\s<>,;:"]+/g;
const VALIDITY_DAYS = 30;
const REPLY_TOKEN = /\+[0-9a-f]{32}@/i;

const addressesOf = (text: string) => [
  ...new Set((text.match(ADDRESS) ?? []).map((item) => item.toLowerCase())),
];

/**
 * The carriers a quote's message went to: every address in To/Cco except the sender's and the quote's
 * reply address (`local+token@`, ADR 0010). Such a message (a request, a revision 'Re: Cotação …', an
 * approval) has the quote code in its subject or, in bcc mode, the reply address in To; the local mailbox
 * holds only what this server sent, so a 'Re:' is a revision in the carrier's thread (issue 30).
 */
export function carrierAddresses(message: Pick<MailboxSummary, 'from' | 'to' | 'subject'>): string[] {
  const to = addressesOf(message.to);
  if (!QUOTE_CODE.test(message.subject) && !to.some((address) => REPLY_TOKEN.test(address))) return [];
  const sender = new Set(addressesOf(message.from));
  return to.filter((address) => !sender.has(address) && !REPLY_TOKEN.test(address));
}

/** A realistic answer to start from, valid for 30 days from today. */
function sampleAnswer(): string {
  const validade = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + VALIDITY_DAYS * 86_400_000),
  );
  return formatMessage(t.sample, { validade });
}

function ReplyForm({
  message,
  addresses,
  onSent,
  onClose,
}: {
  message: MailboxSummary;
  addresses: string[];
  onSent: (answer: ReplyAsCarrierAnswer) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const filesId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState(addresses[0] ?? '');
  const [texto, setTexto] = useState(sampleAnswer);
  const [arquivos, setArquivos] = useState<File[]>([]);
  const [textError, setTextError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const reply = useReplyAsCarrier(setProgress);

  function submit(event: FormEvent) {
    event.preventDefault();
    reply.reset();
    if (!texto.trim()) {
      setTextError(t.textRequired);
      return;
    }
    setProgress(0);
    reply.mutate({ messageId: message.id, from, texto, arquivos }, { onSuccess: onSent });
  }

  const percent = Math.round(progress * 100);
  return (
    <Modal
      open
      size="lg"
      onClose={reply.isPending ? () => undefined : onClose}
      title={t.title}
      description={t.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reply.isPending}>
            {t.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={reply.isPending}
            loadingText={formatMessage(t.sending, { percent })}
          >
            <SendIcon size={16} />
            {t.send}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <p className="text-sm break-words text-fg-muted">{message.subject}</p>
        <Select
          label={t.from}
          options={addresses.map((address) => ({ value: address, label: address }))}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <Textarea
          label={t.text}
          rows={14}
          value={texto}
          onChange={(event) => {
            setTexto(event.target.value);
            if (event.target.value.trim()) setTextError(undefined);
          }}
          error={textError}
          className="font-mono text-xs sm:text-sm"
        />
        <div className="space-y-2">
          <p id={`${filesId}-label`} className="text-sm font-medium text-fg">
            {t.attachments}
          </p>
          <input
            ref={fileInput}
            id={filesId}
            type="file"
            multiple
            aria-labelledby={`${filesId}-label`}
            aria-describedby={`${filesId}-hint`}
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              setArquivos((current) => [...current, ...chosen]);
              event.target.value = '';
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={filesId}
            className={buttonClasses({
              variant: 'secondary',
              size: 'sm',
              className:
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            })}
          >
            <PlusIcon size={16} />
            {t.addFiles}
          </label>
          <p id={`${filesId}-hint`} className="text-xs text-fg-muted">
            {t.attachmentsHint}
          </p>
          {arquivos.length > 0 && (
            <ul aria-label={t.attachments} className="space-y-1.5">
              {arquivos.map((file, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be added twice
                  key={`${file.name}-${index}`}
                  className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 py-1.5 text-sm text-fg"
                >
                  <FileTextIcon size={16} className="shrink-0 text-fg-muted" />
                  <span className="min-w-0 flex-1 truncate">{file.name}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={formatMessage(t.removeFile, { name: file.name })}
                    onClick={() => {
                      setArquivos((current) => current.filter((_, at) => at !== index));
                      fileInput.current?.focus();
                    }}
                  >
                    <TrashIcon size={16} />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {reply.isPending && <ProgressBar label={t.send} value={percent} />}
        {reply.isError && <Alert variant="error">{errorText(reply.error, t.error)}</Alert>}
      </form>
    </Modal>
  );
}

/**
 * 'Responder como transportador' on a quote request of the local mailbox: a reply as one of its
 * recipients, with text and attachments, through the same pipeline as a real e-mail.
 */
export function ReplyAsCarrier({ message }: { message: MailboxSummary }) {
  const addresses = carrierAddresses(message);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<ReplyAsCarrierAnswer | null>(null);
  if (addresses.length === 0) return null;
  return (
    <div className="mt-4 space-y-3">
      <Button
        onClick={() => {
          setSent(null);
          setOpen(true);
        }}
      >
        <SendIcon size={16} />
        {t.open}
      </Button>
      {sent && (
        <Alert variant="success">
          <span>{sent.message} </span>
          {sent.cotacaoId && (
            <Link
              to={paths.quotes.detail.getHref(sent.cotacaoId)}
              className="font-medium underline underline-offset-2"
            >
              {t.openQuote}
            </Link>
          )}
        </Alert>
      )}
      {open && (
        <ReplyForm
          message={message}
          addresses={addresses}
          onClose={() => setOpen(false)}
          onSent={(answer) => {
            showToast({ message: answer.message || t.sent, variant: 'success' });
            setSent(answer);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
