import { formatMessage } from '@cotacoes/shared/messages/errors';
import { fieldMessages } from '@cotacoes/shared/messages/success';
import { ui } from '@cotacoes/shared/messages/ui';
import { parseEmailList } from '@cotacoes/shared/rules/email-list';
import { checkComparativeEmails } from '@cotacoes/shared/schemas/comparative';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { DownloadIcon, FileTextIcon, PlusIcon, SendIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { describedBy, FieldShell, fieldClasses } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { MarginInput, parseMargin, rememberedMargin } from '@/features/comparison';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { type ComparativeFormat, useDownloadComparative } from '../api/download-comparative';
import { useSendComparative } from '../api/send-comparative';

const t = ui.comparative;

export interface ComparativeModalProps {
  open: boolean;
  onClose: () => void;
  quote: { id: string; codigo: string };
}

/** The margin as typed (a comma or a point as the decimal mark), or the field's message. */
function readMargin(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const value = parseMargin(raw);
  return value === null ? { ok: false, message: fieldMessages.exchangeMarginInvalid } : { ok: true, value };
}

/**
 * 'Gerar Comparativo' (spec 001 §2, §5, §7): the exchange margin (0–100, step 0.1, default 2.5) and the
 * e-mails; downloads comparativo-{codigo}.xlsx / .pdf or sends both in one e-mail.
 */
export function ComparativeModal({ open, onClose, quote }: ComparativeModalProps) {
  const user = useUser();
  const [margin, setMargin] = useState(() => rememberedMargin(quote.id));
  const [marginError, setMarginError] = useState<string | null>(null);
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [emailsError, setEmailsError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const emailsId = useId();
  const download = useDownloadComparative();
  const send = useSendComparative(quote.id);
  const busy = download.isPending || send.isPending;
  const pendingFormat = download.isPending ? download.variables?.format : undefined;
  const ownEmail = user?.email?.toLowerCase();

  /** Moves what was typed into the list; what is not an address stays in the field, with the message. */
  const addEmails = (input: string) => {
    const { emails: valid, invalid } = parseEmailList(input);
    if (valid.length)
      setEmails((current) => [...current, ...valid.filter((email) => !current.includes(email))]);
    setDraft(invalid.join(', '));
    setEmailsError(invalid.length ? formatMessage(t.emailsInvalid, { list: invalid.join(', ') }) : null);
  };

  const onEmailKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && draft.trim()) {
      event.preventDefault();
      addEmails(draft);
    } else if (event.key === 'Backspace' && !draft && emails.length) {
      setEmails((current) => current.slice(0, -1));
    }
  };

  /** A pasted column or list: a one-line field would glue its lines together. */
  const onEmailPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (/[;,\n\r]/.test(text)) {
      event.preventDefault();
      addEmails(`${draft}${text}`);
    }
  };

  const checkedMargin = () => {
    const checked = readMargin(margin);
    setMarginError(checked.ok ? null : checked.message);
    return checked.ok ? checked.value : null;
  };

  const onDownload = (format: ComparativeFormat) => {
    const exchangeMargin = checkedMargin();
    if (exchangeMargin === null) return;
    download.mutate(
      { quote, format, exchangeMargin },
      {
        onSuccess: (filename) =>
          showToast({ message: formatMessage(t.downloaded, { arquivo: filename }), variant: 'success' }),
        onError: (error) => showToast({ message: errorText(error, t.error), variant: 'error' }),
      },
    );
  };

  const onSend = () => {
    const exchangeMargin = checkedMargin();
    const checked = checkComparativeEmails([...emails, draft]);
    if (!checked.ok) {
      setEmailsError(checked.message);
      emailInput.current?.focus();
    } else setEmailsError(null);
    if (exchangeMargin === null || !checked.ok) return;
    setEmails(checked.emails);
    setDraft('');
    send.mutate(
      { exchangeMargin, emails: checked.emails },
      {
        onSuccess: (result) => {
          showToast({ message: result.message || t.sent, variant: 'success' });
          setEmails([]);
          onClose();
        },
        onError: (error) => showToast({ message: errorText(error, t.error), variant: 'error' }),
      },
    );
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t.title}
      description={t.description}
      size="lg"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => onDownload('excel')}
            disabled={busy}
            loading={pendingFormat === 'excel'}
            loadingText={t.generating}
          >
            <DownloadIcon size={16} />
            {t.downloadExcel}
          </Button>
          <Button
            variant="secondary"
            onClick={() => onDownload('pdf')}
            disabled={busy}
            loading={pendingFormat === 'pdf'}
            loadingText={t.generating}
          >
            <FileTextIcon size={16} />
            {t.downloadPdf}
          </Button>
          <Button onClick={onSend} disabled={busy} loading={send.isPending} loadingText={t.sending}>
            <SendIcon size={16} />
            {t.send}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <MarginInput
          label={t.marginLabel}
          hint={t.marginHint}
          error={marginError ?? undefined}
          value={margin}
          onValueChange={(text) => {
            setMargin(text);
            if (marginError) setMarginError(null);
          }}
          containerClassName="max-w-xs"
          disabled={busy}
        />

        <FieldShell id={emailsId} label={t.emailsLabel} hint={t.emailsHint} error={emailsError ?? undefined}>
          <div className="space-y-2">
            {emails.length > 0 && (
              <ul aria-label={t.emailsListLabel} className="flex flex-wrap gap-2">
                {emails.map((email) => (
                  <li
                    key={email}
                    className="flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pr-1 pl-3 text-sm text-fg"
                  >
                    <span className="truncate">{email}</span>
                    <button
                      type="button"
                      onClick={() => setEmails((current) => current.filter((item) => item !== email))}
                      aria-label={formatMessage(t.removeEmail, { email })}
                      disabled={busy}
                      className="rounded-full p-1 text-fg-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <XIcon size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex gap-2">
              <input
                ref={emailInput}
                id={emailsId}
                type="text"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                placeholder={t.emailsPlaceholder}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (emailsError) setEmailsError(null);
                }}
                onKeyDown={onEmailKeyDown}
                onPaste={onEmailPaste}
                onBlur={() => {
                  if (draft.trim()) addEmails(draft);
                }}
                aria-invalid={emailsError ? true : undefined}
                aria-describedby={describedBy(emailsId, { hint: t.emailsHint, error: emailsError })}
                disabled={busy}
                className={cn(
                  fieldClasses,
                  'h-10 min-w-0 flex-1',
                  emailsError ? 'border-danger' : 'border-border-strong',
                )}
              />
              <Button variant="secondary" onClick={() => addEmails(draft)} disabled={busy || !draft.trim()}>
                <PlusIcon size={16} />
                {t.addEmail}
              </Button>
            </div>
            {ownEmail && !emails.includes(ownEmail) && (
              // A plain button: the link-styled Button keeps one line, and an address can be long on a phone.
              <button
                type="button"
                onClick={() => {
                  setEmails((current) => [...current, ownEmail]);
                  setEmailsError(null);
                }}
                disabled={busy}
                className="max-w-full text-left text-sm font-medium break-all text-primary-soft-fg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
              >
                {t.addMine} ({ownEmail})
              </button>
            )}
          </div>
        </FieldShell>

        {busy && (
          <div
            role="status"
            aria-live="polite"
            className="flex items-center gap-3 rounded-lg bg-surface-muted px-3 py-2"
          >
            <Spinner size={18} className="text-primary" />
            <span className="text-sm font-medium text-fg">{send.isPending ? t.sending : t.generating}</span>
          </div>
        )}
      </div>
    </Modal>
  );
}
