import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { type FormEvent, useId, useState } from 'react';
import { useQuoteRecipients } from '@/api/get-quote-recipients';
import { useQuoteSearch } from '@/api/search-quotes';
import { SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { RadioCard } from '@/components/ui/radio-card';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignMessage } from '../api/assign-message';
import type { UnmatchedMessage } from '../api/list-unmatched';

const t = uiReplies.unmatched;
const SEARCH_DEBOUNCE_MS = 300;

interface ChosenQuote {
  id: string;
  codigo: string;
}

/** Whether `address` is one of a carrier's registered addresses (case aside). */
const usesAddress = (emails: readonly string[], address: string) =>
  emails.some((email) => email.trim().toLowerCase() === address.trim().toLowerCase());

/** Assigns an unmatched message: a suggested quote or one found by code, then one of its carriers. */
export function AssignMessageModal({ message, onClose }: { message: UnmatchedMessage; onClose: () => void }) {
  const formId = useId();
  const groupName = useId();
  const first = message.sugestoes[0];
  const [quote, setQuote] = useState<ChosenQuote | null>(
    first ? { id: first.cotacaoId, codigo: first.codigo } : null,
  );
  const [carrier, setCarrier] = useState(first?.transportadorId ?? '');
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<{ quote?: string; carrier?: string }>({});
  const term = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useQuoteSearch(term);
  const recipients = useQuoteRecipients(quote?.id ?? null);
  const assign = useAssignMessage();

  function choose(next: ChosenQuote) {
    setQuote(next);
    const suggested = message.sugestoes.find((item) => item.cotacaoId === next.id);
    setCarrier(suggested?.transportadorId ?? '');
    setErrors((current) => ({ ...current, quote: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    assign.reset();
    const missing = {
      quote: quote ? undefined : t.quoteRequired,
      carrier: quote && !carrier ? t.carrierRequired : undefined,
    };
    setErrors(missing);
    if (!quote || !carrier) return;
    assign.mutate(
      { messageId: message.id, cotacaoId: quote.id, transportadorId: carrier },
      {
        onSuccess: (answer) => {
          showToast({ message: answer.message, variant: 'success' });
          onClose();
        },
      },
    );
  }

  const chosenCarrier = recipients.data?.find((item) => item.transportadorId === carrier);
  // Another carrier of this quote whose registered address sent the message: the likelier sender.
  const owner =
    message.from && chosenCarrier
      ? recipients.data?.find(
          (item) => item !== chosenCarrier && usesAddress(item.emails, message.from ?? ''),
        )
      : undefined;
  const suggestionIds = new Set(message.sugestoes.map((item) => item.cotacaoId));
  const results = (found.data ?? []).filter((item) => !suggestionIds.has(item.id));
  const sender = message.fromName ?? message.from ?? t.unknownSender;

  return (
    <Modal
      open
      onClose={assign.isPending ? () => undefined : onClose}
      title={t.dialogTitle}
      description={formatMessage(t.assignTo, { remetente: sender })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            {ui.common.cancel}
          </Button>
          <Button type="submit" form={formId} loading={assign.isPending} loadingText={t.submitting}>
            {t.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {/* What is being assigned, to check it against the quote chosen (QA pass 36). */}
        {!message.conteudoRestrito && (message.subject || message.preview) && (
          <blockquote className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm">
            {message.subject && <p className="font-medium break-words text-fg">{message.subject}</p>}
            {message.preview && (
              <p className="mt-1 line-clamp-3 break-words whitespace-pre-line text-fg-muted">
                {message.preview}
              </p>
            )}
          </blockquote>
        )}
        <p className="text-sm text-fg-muted">{t.dialogDescription}</p>
        {message.sugestoes.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-fg">{t.suggestions}</legend>
            {message.sugestoes.map((item) => (
              <RadioCard
                key={`${item.cotacaoId}-${item.transportadorId}`}
                name={groupName}
                value={item.cotacaoId}
                label={
                  item.descricao
                    ? formatMessage(t.suggestionDescribed, { codigo: item.codigo, descricao: item.descricao })
                    : formatMessage(t.suggestion, { codigo: item.codigo })
                }
                checked={quote?.id === item.cotacaoId}
                onChoose={() => choose({ id: item.cotacaoId, codigo: item.codigo })}
              />
            ))}
          </fieldset>
        )}

        <div className="space-y-2">
          <Input
            type="search"
            label={t.search}
            placeholder={t.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            error={errors.quote}
            endAdornment={
              found.isFetching ? (
                <Spinner size={16} className="mr-2 text-fg-muted" />
              ) : (
                <SearchIcon size={16} className="mr-2 text-fg-muted" />
              )
            }
          />
          <div aria-live="polite">
            {term.trim() && found.isError && (
              <p className="text-sm text-danger-soft-fg">{errorText(found.error, t.searchError)}</p>
            )}
            {term.trim() && found.isSuccess && results.length === 0 && (
              <p className="text-sm text-fg-muted">{t.noQuotes}</p>
            )}
          </div>
          {term.trim() && results.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="sr-only">{t.search}</legend>
              {results.map((item) => (
                <RadioCard
                  key={item.id}
                  name={groupName}
                  value={item.id}
                  label={formatMessage(t.quoteOption, {
                    codigo: item.codigo,
                    referencia: item.referenciaProcesso,
                  })}
                  checked={quote?.id === item.id}
                  onChoose={() => choose({ id: item.id, codigo: item.codigo })}
                />
              ))}
            </fieldset>
          )}
        </div>

        {quote && (
          <div className="space-y-2 rounded-lg border border-border bg-surface-muted p-3">
            <p className="text-sm font-medium text-fg">
              {formatMessage(t.chosenQuote, { codigo: quote.codigo })}
            </p>
            {recipients.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
                <Spinner size={16} />
                {t.carriersLoading}
              </p>
            ) : recipients.isError ? (
              <Alert variant="error">{errorText(recipients.error, t.carriersError)}</Alert>
            ) : (
              <Select
                label={t.carrier}
                placeholder={t.carrierPlaceholder}
                options={recipients.data.map((item) => ({ value: item.transportadorId, label: item.nome }))}
                value={carrier}
                onChange={(event) => {
                  setCarrier(event.target.value);
                  setErrors((current) => ({ ...current, carrier: undefined }));
                }}
                error={errors.carrier}
              />
            )}
            {chosenCarrier && message.from && !usesAddress(chosenCarrier.emails, message.from) && (
              <Alert variant="warning">
                {owner
                  ? formatMessage(t.senderOfOtherCarrier, {
                      remetente: message.from,
                      outro: owner.nome,
                      nome: chosenCarrier.nome,
                    })
                  : formatMessage(
                      chosenCarrier.respondeuEm ? t.senderNotCarrierReplaces : t.senderNotCarrier,
                      {
                        remetente: message.from,
                        nome: chosenCarrier.nome,
                      },
                    )}
              </Alert>
            )}
          </div>
        )}
        {assign.isError && <Alert variant="error">{errorText(assign.error, t.error)}</Alert>}
      </form>
    </Modal>
  );
}
