import { formatMessage } from '@cotacoes/shared/messages/errors';
import { quoteDocumentMessages } from '@cotacoes/shared/messages/quote-document';
import { ui } from '@cotacoes/shared/messages/ui';
import { IDIOMAS_EMAIL } from '@cotacoes/shared/schemas/quotes';
import { type ReactNode, useId } from 'react';
import { useCurrentCompany } from '@/api/get-current-company';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { parseLocalInput } from '@/lib/local-datetime';
import { emailTitle, isFileFormat, previewEmailBody, type QuoteDraft, STEPS } from './draft';
import type { StepProps } from './step-props';

const t = ui.quotes.review;
const f = ui.quotes.content.fields;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function Block({ title, onEdit, children }: { title: string; onEdit?: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="font-semibold text-fg">
          {title}
        </h3>
        {onEdit && (
          <Button
            variant="link"
            size="sm"
            onClick={onEdit}
            aria-label={formatMessage(t.editStep, { step: title })}
          >
            {t.edit}
          </Button>
        )}
      </div>
      <dl className="mt-2 divide-y divide-border">{children}</dl>
    </section>
  );
}

/** What the server puts before the title: its subject template with the code still to be generated. */
function subjectPrefix(language: QuoteDraft['idiomaEmail']): string {
  // The code placeholder in the e-mail's language, as the body preview writes it (QA pass 15).
  return formatMessage(quoteDocumentMessages[language].subject, {
    codigo: quoteDocumentMessages[language].codePending,
    titulo: '',
  });
}

const orNot = (value: string) => value.trim() || ui.quotes.notInformed;

function prazoText(draft: QuoteDraft): string {
  const date = parseLocalInput(draft.prazo);
  return date ? formatDateTime(date.toISOString(), ui.common.invalidDate) : ui.common.invalidDate;
}

/** Step 4: the summary of every step (each with its way back) and the editable e-mail preview. */
/** What goes with the e-mail besides its PDF: the request file and the dangerous-cargo document. */
function attachedFiles(file: File | null, dangerous: File | null): string {
  if (file && dangerous)
    return formatMessage(t.attachmentsFiles, { name: file.name, dangerous: dangerous.name });
  if (file) return formatMessage(t.attachmentsFile, { name: file.name });
  if (dangerous) return formatMessage(t.attachmentsDangerous, { dangerous: dangerous.name });
  return '';
}

export function ReviewStep({ draft, update, onGoTo }: StepProps & { onGoTo: (step: number) => void }) {
  const id = useId();
  const company = useCurrentCompany();
  const language = draft.idiomaEmail;
  const generated = previewEmailBody(
    draft,
    company.data?.empresa?.nome ?? t.companyPending,
    quoteDocumentMessages[language].codePending,
  );
  // Spec 001: an editable body, per language; what is sent is this text (ADR 0025).
  const edited = draft.corpoEmail[language];
  const dangerous = draft.cargaPerigosa ? draft.dangerousFile : null;
  const setBody = (value: string | null) =>
    update({ corpoEmail: { ...draft.corpoEmail, [language]: value } });
  const fileFormat = isFileFormat(draft.metodoEnvio);
  const steps = ui.quotes.wizard.steps;
  const items = draft.itens.filter(
    (item) => item.mercadoria.trim() || item.quantidadeVolumes.trim() || item.dimensoes.trim(),
  );
  const recipients = [...draft.grupos, ...draft.transportadores].map((entry) => entry.nome).join(', ');
  const yesNo = (value: boolean) => (value ? ui.quotes.yes : ui.quotes.no);

  return (
    <div className="space-y-5">
      <p className="text-sm text-fg-muted">{t.intro}</p>

      <Block title={steps[STEPS.format]!} onEdit={() => onGoTo(STEPS.format)}>
        <Row label={t.format}>{ui.quotes.formats[draft.metodoEnvio]}</Row>
      </Block>

      <Block title={steps[STEPS.content]!} onEdit={() => onGoTo(STEPS.content)}>
        {fileFormat && <Row label={t.file}>{draft.file?.name ?? ui.quotes.notInformed}</Row>}
        <Row label={f.nomeSolicitante}>{orNot(draft.nomeSolicitante)}</Row>
        <Row label={f.referenciaProcesso}>{orNot(draft.referenciaProcesso)}</Row>
        <Row label={ui.quotes.detail.fti}>{orNot(draft.fti)}</Row>
        <Row label={f.tipoFrete}>{draft.tipoFrete}</Row>
        {!fileFormat && (
          <>
            <Row label={t.route}>
              {formatMessage(t.routeValue, { origem: orNot(draft.origem), destino: orNot(draft.destino) })}
            </Row>
            <Row label={f.incoterm}>{orNot(draft.incoterm)}</Row>
            <Row label={f.tempoTransito}>{orNot(draft.tempoTransito)}</Row>
            <Row label={f.preferenciaRota}>{yesNo(draft.preferenciaRota)}</Row>
            {draft.evitarRota.trim() && <Row label={f.evitarRota}>{draft.evitarRota}</Row>}
            {draft.evitarArmador.trim() && <Row label={f.evitarArmador}>{draft.evitarArmador}</Row>}
            {draft.pesoBrutoTotal.trim() && <Row label={f.pesoBrutoTotal}>{draft.pesoBrutoTotal}</Row>}
            {draft.valorMercadoria.trim() && <Row label={f.valorMercadoria}>{draft.valorMercadoria}</Row>}
          </>
        )}
        <Row label={f.cargaPerigosa}>{yesNo(draft.cargaPerigosa)}</Row>
        {fileFormat && draft.cargaPerigosa && draft.dangerousFile && (
          <Row label={t.dangerousFile}>{draft.dangerousFile.name}</Row>
        )}
        {!fileFormat && (
          <Row label={t.items}>
            {items.length === 0 ? (
              ui.quotes.notInformed
            ) : (
              <ol className="list-decimal space-y-0.5 pl-5">
                {items.map((item) => (
                  <li key={item.key}>
                    {formatMessage(t.itemLine, {
                      mercadoria: orNot(item.mercadoria),
                      volumes: orNot(item.quantidadeVolumes),
                      dimensoes: orNot(item.dimensoes),
                    })}
                  </li>
                ))}
              </ol>
            )}
          </Row>
        )}
        {!fileFormat && draft.observacoes.trim() && <Row label={f.observacoes}>{draft.observacoes}</Row>}
        {fileFormat && draft.descricaoAdicional.trim() && (
          <Row label={f.descricaoAdicional}>{draft.descricaoAdicional}</Row>
        )}
        <Row label={f.prazo}>{prazoText(draft)}</Row>
      </Block>

      <Block title={steps[STEPS.recipients]!} onEdit={() => onGoTo(STEPS.recipients)}>
        <Row label={t.recipients}>{recipients}</Row>
        <Row label={t.mode}>{ui.quotes.modes[draft.modoEnvio]}</Row>
      </Block>

      <section aria-labelledby={`${id}-email`} className="space-y-4 rounded-xl border border-border p-4">
        <h3 id={`${id}-email`} className="font-semibold text-fg">
          {t.emailTitle}
        </h3>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">{t.languageLegend}</legend>
          <div className="flex flex-wrap gap-2">
            {IDIOMAS_EMAIL.map((idioma) => (
              <label
                key={idioma}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-2 text-sm text-fg',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  draft.idiomaEmail === idioma ? 'border-primary bg-primary-soft/40' : 'border-border',
                )}
              >
                <input
                  type="radio"
                  name="idiomaEmail"
                  value={idioma}
                  checked={draft.idiomaEmail === idioma}
                  onChange={() => update({ idiomaEmail: idioma })}
                  className="h-4 w-4 accent-primary focus:outline-none"
                />
                {t.languages[idioma]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="space-y-1.5">
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-fg">
            {t.subjectLabel}
          </label>
          <div className="flex flex-col overflow-hidden rounded-lg border border-border-strong shadow-sm focus-within:border-primary focus-within:ring-2 focus-within:ring-ring/40 sm:flex-row">
            <span
              id={`${id}-prefix`}
              className="border-b border-border bg-surface-muted px-3 py-2 text-sm whitespace-nowrap text-fg-muted sm:border-r sm:border-b-0"
            >
              {subjectPrefix(draft.idiomaEmail)}
            </span>
            <input
              id={`${id}-subject`}
              name="tituloEmail"
              maxLength={200}
              value={emailTitle(draft)}
              onChange={(event) => update({ tituloEmail: event.target.value })}
              aria-describedby={`${id}-prefix ${id}-subject-hint`}
              className="h-10 min-w-0 flex-1 bg-surface px-3 text-sm text-fg focus:outline-none"
            />
          </div>
          <p id={`${id}-subject-hint`} className="text-xs text-fg-muted">
            {t.subjectHint}
          </p>
        </div>

        <div className="space-y-1.5">
          <Textarea
            label={t.bodyLabel}
            hint={formatMessage(t.bodyHint, { codigo: quoteDocumentMessages[language].codePending })}
            name="corpoEmail"
            data-testid="email-preview"
            rows={18}
            value={edited ?? generated}
            onChange={(event) => setBody(event.target.value)}
            className="font-mono text-[13px]"
          />
          {edited !== null && (
            <Button variant="link" size="sm" onClick={() => setBody(null)}>
              {t.bodyRestore}
            </Button>
          )}
        </div>
        <p className="text-xs text-fg-muted">
          {formatMessage(t.attachmentsNote, {
            file: attachedFiles(fileFormat ? draft.file : null, dangerous),
          })}
        </p>
      </section>
    </div>
  );
}
