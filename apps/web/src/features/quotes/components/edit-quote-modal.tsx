import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useId, useState } from 'react';
import type { QuoteDetail } from '@/api/get-quote';
import { Alert } from '@/components/ui/alert';
import { Checkbox } from '@/components/ui/checkbox';
import { FormModal } from '@/components/ui/form-modal';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { NOTICE_MS } from '../api/keys';
import { useUpdateQuote } from '../api/update-quote';
import { requiredLabel } from './content-step';
import { minPrazo } from './draft';
import { type EditQuoteValues, editQuoteChanges, editValuesOf, pendingCarriers } from './edit-quote-form';

const t = ui.quotes.detail.edit;

export interface EditQuoteModalProps {
  quote: QuoteDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Requester, reference, FTI and deadline of a quote still waiting; only what changed is sent. Starts
 * from the quote as given when mounted (the caller keys it per opening).
 */
export function EditQuoteModal({ quote, open, onClose }: EditQuoteModalProps) {
  const update = useUpdateQuote();
  const noteId = useId();
  const [initial] = useState(() => editValuesOf(quote));
  const [values, setValues] = useState<EditQuoteValues>(initial);
  const pending = pendingCarriers(quote);
  // Only an extended deadline is announced ("Prazo prorrogado"); the values are local 'YYYY-MM-DDTHH:mm'.
  const deadlineChanged = values.prazo > initial.prazo && pending > 0;
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const set = (field: keyof EditQuoteValues) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  function submit() {
    update.reset();
    const changes = editQuoteChanges(quote, values);
    if (!changes.ok) {
      setErrors(changes.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: quote.id, body: changes.body },
      {
        onSuccess: ({ avisados }) => {
          const message = avisados ? formatMessage(t.updatedTold, { n: avisados }) : t.updated;
          showToast({ message, variant: 'success', durationMs: NOTICE_MS });
          onClose();
        },
      },
    );
  }

  const formError = errors.form?.[0] ?? (update.isError ? errorText(update.error, t.error) : null);
  return (
    <FormModal
      open={open}
      title={t.title}
      description={quote.codigo}
      pending={update.isPending}
      submitLabel={t.submit}
      pendingLabel={t.submitting}
      onClose={onClose}
      onSubmit={submit}
      onChange={clearOnChange}
    >
      {formError && <Alert variant="error">{formError}</Alert>}
      <Input
        label={requiredLabel(t.nomeSolicitante)}
        name="nomeSolicitante"
        required
        autoComplete="off"
        maxLength={200}
        value={values.nomeSolicitante}
        onChange={set('nomeSolicitante')}
        error={errors.nomeSolicitante?.[0]}
        disabled={update.isPending}
      />
      <Input
        label={requiredLabel(t.referenciaProcesso)}
        name="referenciaProcesso"
        required
        autoComplete="off"
        maxLength={200}
        value={values.referenciaProcesso}
        onChange={set('referenciaProcesso')}
        error={errors.referenciaProcesso?.[0]}
        disabled={update.isPending}
      />
      <Input
        label={t.fti}
        name="fti"
        autoComplete="off"
        maxLength={60}
        value={values.fti}
        onChange={set('fti')}
        error={errors.fti?.[0]}
        disabled={update.isPending}
      />
      <Input
        label={requiredLabel(t.prazo)}
        name="prazo"
        type="datetime-local"
        required
        min={minPrazo()}
        value={values.prazo}
        onChange={set('prazo')}
        hint={t.prazoNote}
        error={errors.prazo?.[0]}
        disabled={update.isPending}
        containerClassName="sm:max-w-xs"
      />
      {deadlineChanged && (
        <div>
          <Checkbox
            label={formatMessage(t.avisar, { n: pending })}
            name="avisarTransportadores"
            checked={values.avisar}
            onChange={(event) => setValues({ ...values, avisar: event.target.checked })}
            disabled={update.isPending}
            aria-describedby={noteId}
          />
          <p id={noteId} className="mt-1 ml-6 text-xs text-fg-muted">
            {t.avisarNote}
          </p>
        </div>
      )}
    </FormModal>
  );
}
