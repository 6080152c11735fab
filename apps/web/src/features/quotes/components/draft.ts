import { errorMessage, errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { buildQuoteDocument, renderQuoteMailText } from '@cotacoes/shared/quote-mail';
import {
  amountFieldErrors,
  deadlineError,
  firstAmountError,
  hasRecipients,
  isFileFormat as isFileRequest,
  routeFieldErrors,
} from '@cotacoes/shared/rules/quote-fields';
import {
  type CreateQuoteBody,
  createQuoteBodySchema,
  DEFAULT_PRAZO_DIAS,
  type INCOTERMS,
  MAX_QUOTE_UPLOAD_BYTES,
  type MetodoEnvio,
  type TipoFrete,
} from '@cotacoes/shared/schemas/quotes';
import { parseLocalInput, toLocalInput } from '@/lib/local-datetime';

export type Incoterm = (typeof INCOTERMS)[number];
export type ModoEnvio = 'bcc' | 'individual';
export type IdiomaEmail = 'pt' | 'en';

export interface CargoItemDraft {
  /** Stable React key (items can be removed from the middle). */
  key: number;
  mercadoria: string;
  quantidadeVolumes: string;
  dimensoes: string;
}

export interface RecipientRef {
  id: string;
  nome: string;
}

/** Everything the wizard collects; texts stay as typed until the payload is built. */
export interface QuoteDraft {
  metodoEnvio: MetodoEnvio;
  nomeSolicitante: string;
  referenciaProcesso: string;
  fti: string;
  tipoFrete: TipoFrete;
  origem: string;
  destino: string;
  incoterm: Incoterm | '';
  tempoTransito: string;
  preferenciaRota: boolean;
  evitarRota: string;
  evitarArmador: string;
  pesoBrutoTotal: string;
  valorMercadoria: string;
  observacoes: string;
  descricaoAdicional: string;
  cargaPerigosa: boolean;
  /** `datetime-local` value (browser time), e.g. 2026-03-10T14:30. */
  prazo: string;
  itens: CargoItemDraft[];
  file: File | null;
  dangerousFile: File | null;
  transportadores: RecipientRef[];
  grupos: RecipientRef[];
  modoEnvio: ModoEnvio;
  idiomaEmail: IdiomaEmail;
  /** The subject's title part; null until the user edits it (then the process reference is used). */
  tituloEmail: string | null;
  /**
   * The e-mail body as edited in the preview, per language (ADR 0025); null while the generated text is
   * kept. Sent as `descricaoGeral`: the server sends exactly this text.
   */
  corpoEmail: Record<IdiomaEmail, string | null>;
}

export type DraftField = keyof QuoteDraft;

export const STEP_COUNT = 4;
export const STEPS = { format: 0, content: 1, recipients: 2, review: 3 } as const;

let nextItemKey = 1;
export function emptyItem(): CargoItemDraft {
  return { key: nextItemKey++, mercadoria: '', quantidadeVolumes: '', dimensoes: '' };
}

/** Spec 001 §5 and §9: with no deadline the quote answers within 7 days from now. */
export function defaultPrazo(now = new Date()): string {
  return toLocalInput(new Date(now.getTime() + DEFAULT_PRAZO_DIAS * 24 * 60 * 60 * 1000));
}

/** The earliest deadline the picker offers: the current minute. */
export function minPrazo(now = new Date()): string {
  return toLocalInput(now);
}

export function newDraft(nomeSolicitante = '', now = new Date()): QuoteDraft {
  return {
    metodoEnvio: 'EMAIL',
    nomeSolicitante,
    referenciaProcesso: '',
    fti: '',
    tipoFrete: 'FCL',
    origem: '',
    destino: '',
    incoterm: '',
    tempoTransito: '',
    preferenciaRota: false,
    evitarRota: '',
    evitarArmador: '',
    pesoBrutoTotal: '',
    valorMercadoria: '',
    observacoes: '',
    descricaoAdicional: '',
    cargaPerigosa: false,
    prazo: defaultPrazo(now),
    itens: [emptyItem()],
    file: null,
    dangerousFile: null,
    transportadores: [],
    grupos: [],
    modoEnvio: 'bcc',
    idiomaEmail: 'pt',
    tituloEmail: null,
    corpoEmail: { pt: null, en: null },
  };
}

const blank = (value: string) => value.trim() === '';
export const isFileFormat = (metodo: MetodoEnvio) => isFileRequest(metodo);

// ---- files ----

const PDF_TYPES = ['application/pdf'];
const EXCEL_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
];
const DANGEROUS_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
];
const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** What the file inputs offer in the browser's picker. */
export const FILE_ACCEPT = {
  PDF: '.pdf,application/pdf',
  EXCEL: `.xlsx,.xls,${EXCEL_TYPES.join(',')}`,
  dangerous: `.pdf,.doc,.docx,.jpg,.jpeg,.png,${DANGEROUS_TYPES.join(',')}`,
} as const;

export const MAX_UPLOAD_MB = Math.round(MAX_QUOTE_UPLOAD_BYTES / (1024 * 1024));

function accepted(file: File, types: readonly string[], extensions: readonly string[]): boolean {
  // Browsers leave `type` empty for unknown extensions (and some report xls oddly): either matches.
  return types.includes(file.type) || extensions.includes(extensionOf(file.name));
}

/** The request file of the PDF or Excel format (name and type; the server checks the content). */
export function requestFileError(file: File, metodo: MetodoEnvio): string | null {
  const ok =
    metodo === 'PDF' ? accepted(file, PDF_TYPES, ['pdf']) : accepted(file, EXCEL_TYPES, ['xlsx', 'xls']);
  if (!ok) return errorMessages.QUOTE_FILE_TYPE;
  const kind = contentKinds.get(file);
  if (kind !== undefined && kind !== (metodo === 'PDF' ? 'pdf' : 'excel'))
    return formatMessage(metodo === 'PDF' ? ui.quotes.content.file.notPdf : ui.quotes.content.file.notExcel, {
      name: file.name,
    });
  if (file.size > MAX_QUOTE_UPLOAD_BYTES) return errorMessage('QUOTE_FILE_TOO_LARGE', { max: MAX_UPLOAD_MB });
  return null;
}

/** The dangerous-cargo document: pdf, doc, docx, jpg, jpeg or png (spec 001 §5). */
type ContentKind = 'pdf' | 'excel' | 'other';
/** What each chosen file's first bytes are, once read (`readContentKind`): the server checks the same. */
const contentKinds = new WeakMap<File, ContentKind>();

const bytesOf = (blob: Blob): Promise<Uint8Array> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer().then((buffer) => new Uint8Array(buffer))
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

/**
 * Reads a chosen file's first bytes (a PDF has '%PDF-' in its first kilobyte; an xlsx is a zip, an xls an
 * OLE file), so a file whose content is not what its name says is refused when chosen, not at sending.
 */
export async function readContentKind(file: File): Promise<void> {
  if (contentKinds.has(file)) return;
  try {
    const head = await bytesOf(file.slice(0, 1024));
    const text = String.fromCharCode(...head);
    const kind: ContentKind = text.includes('%PDF-')
      ? 'pdf'
      : text.startsWith('PK\u0003\u0004') || text.startsWith('\u00d0\u00cf\u0011\u00e0')
        ? 'excel'
        : 'other';
    contentKinds.set(file, kind);
  } catch {
    // Unreadable here: the server still checks it.
  }
}

export function dangerousFileError(file: File): string | null {
  if (!accepted(file, DANGEROUS_TYPES, ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png']))
    return errorMessages.QUOTE_DANGEROUS_FILE_TYPE;
  if (file.size > MAX_QUOTE_UPLOAD_BYTES) return errorMessage('QUOTE_FILE_TOO_LARGE', { max: MAX_UPLOAD_MB });
  return null;
}

export { formatBytes } from '@/lib/format';

// ---- validation ----

export type ContentErrors = Partial<Record<DraftField, string>>;

/** A deadline typed in a `datetime-local` field, checked as the server does. */
export function prazoError(prazo: string, now = new Date()): string | null {
  if (blank(prazo)) return ui.quotes.content.required.prazo;
  // The server's rule: a valid deadline later than now.
  const code = deadlineError(parseLocalInput(prazo), now);
  return code ? errorMessages[code] : null;
}

/**
 * Step 2 (spec 001 §5). Manual: solicitante, referência, origem, destino, incoterm, tempo de trânsito
 * and prazo non-blank (tipoFrete has a default). PDF/Excel: the file, solicitante, referência,
 * tipoFrete and prazo. Any format: a future deadline and acceptable files.
 */
export function contentErrors(draft: QuoteDraft, now = new Date()): ContentErrors {
  const errors: ContentErrors = {};
  const required = ui.quotes.content.required;
  if (blank(draft.nomeSolicitante)) errors.nomeSolicitante = errorMessages.QUOTE_SOLICITANTE_REQUIRED;
  if (blank(draft.referenciaProcesso)) errors.referenciaProcesso = errorMessages.QUOTE_REFERENCIA_REQUIRED;
  if (!draft.tipoFrete) errors.tipoFrete = errorMessages.QUOTE_TIPO_FRETE_REQUIRED;
  if (isFileFormat(draft.metodoEnvio)) {
    if (!draft.file) errors.file = errorMessages.QUOTE_ARQUIVO_REQUIRED;
    else {
      const fileError = requestFileError(draft.file, draft.metodoEnvio);
      if (fileError) errors.file = fileError;
    }
    if (draft.cargaPerigosa && draft.dangerousFile) {
      const dangerous = dangerousFileError(draft.dangerousFile);
      if (dangerous) errors.dangerousFile = dangerous;
    }
  } else {
    const route = routeFieldErrors(draft);
    if (route.origem) errors.origem = errorMessages[route.origem];
    if (route.destino) errors.destino = errorMessages[route.destino];
    if (!draft.incoterm) errors.incoterm = required.incoterm;
    if (blank(draft.tempoTransito)) errors.tempoTransito = required.tempoTransito;
    // The server's rule: a weight, transit time, value or quantity given starts above zero (QA pass 42b).
    const amounts = amountFieldErrors(draft);
    for (const field of ['pesoBrutoTotal', 'tempoTransito', 'valorMercadoria', 'itens'] as const) {
      const code = amounts[field];
      if (code && !errors[field]) errors[field] = errorMessages[code];
    }
  }
  const prazo = prazoError(draft.prazo, now);
  if (prazo) errors.prazo = prazo;
  return errors;
}

/** Step 3: at least one recipient, a carrier or a group (the server's rule). */
export function recipientsValid(draft: QuoteDraft): boolean {
  return hasRecipients(draft);
}

export function stepValid(step: number, draft: QuoteDraft, now = new Date()): boolean {
  if (step === STEPS.format) return Boolean(draft.metodoEnvio);
  if (step === STEPS.content) return Object.keys(contentErrors(draft, now)).length === 0;
  if (step === STEPS.recipients) return recipientsValid(draft);
  return true;
}

/**
 * The check before 'Enviar Cotação' (spec 001 §5, Review), first failure only. Manual: solicitante,
 * referência, origem, destino. PDF/Excel: file, solicitante, referência, tipoFrete, prazo and recipients.
 */
export function submitError(draft: QuoteDraft, now = new Date()): string | null {
  if (isFileFormat(draft.metodoEnvio) && !draft.file) return errorMessages.QUOTE_ARQUIVO_REQUIRED;
  if (blank(draft.nomeSolicitante)) return errorMessages.QUOTE_SOLICITANTE_REQUIRED;
  if (blank(draft.referenciaProcesso)) return errorMessages.QUOTE_REFERENCIA_REQUIRED;
  if (isFileFormat(draft.metodoEnvio)) {
    if (!draft.tipoFrete) return errorMessages.QUOTE_TIPO_FRETE_REQUIRED;
  } else {
    const route = routeFieldErrors(draft);
    const first = route.origem ?? route.destino;
    if (first) return errorMessages[first];
    const notPositive = firstAmountError(draft);
    if (notPositive) return errorMessages[notPositive];
  }
  const prazo = prazoError(draft.prazo, now);
  if (prazo) return prazo;
  if (!recipientsValid(draft)) return errorMessages.QUOTE_RECIPIENTS_REQUIRED;
  return null;
}

// ---- e-mail preview ----

/** The subject's title part the server puts after 'Cotação {codigo} - '. */
export function emailTitle(draft: QuoteDraft): string {
  return draft.tituloEmail ?? draft.referenciaProcesso.trim();
}

/**
 * The e-mail body exactly as the server will write it (the same renderer from packages/shared), with
 * the code still to be generated; the server is its only writer.
 */
export function previewEmailBody(draft: QuoteDraft, empresa: string, codePending: string): string {
  const manual = !isFileFormat(draft.metodoEnvio);
  const payload = buildPayload(draft);
  const document = buildQuoteDocument(
    {
      language: draft.idiomaEmail,
      empresa,
      codigo: null,
      nomeSolicitante: payload.nomeSolicitante,
      referenciaProcesso: payload.referenciaProcesso,
      fti: payload.fti ?? null,
      tipoFrete: payload.tipoFrete,
      prazoResposta: parseLocalInput(draft.prazo) ?? new Date(),
      manual,
      origem: payload.origem ?? null,
      destino: payload.destino ?? null,
      incoterm: payload.incoterm ?? null,
      tempoTransito: payload.tempoTransito ?? null,
      preferenciaRota: payload.preferenciaRota ?? null,
      evitarRota: payload.evitarRota ?? null,
      evitarArmador: payload.evitarArmador ?? null,
      pesoBrutoTotal: payload.pesoBrutoTotal ?? null,
      valorMercadoria: payload.valorMercadoria ?? null,
      cargaPerigosa: payload.cargaPerigosa,
      itens: payload.itens,
      observacoes: payload.observacoes ?? null,
      descricaoAdicional: payload.descricaoAdicional ?? null,
      createdAt: null,
    },
    codePending,
  );
  // The files go with the e-mail (the request file, the dangerous-cargo document); else only its PDF.
  const files =
    (manual ? false : draft.file !== null) || (draft.cargaPerigosa && draft.dangerousFile !== null);
  return renderQuoteMailText(document, files);
}

// ---- payloads ----

const text = (value: string) => (blank(value) ? null : value.trim());

function filledItems(itens: readonly CargoItemDraft[]) {
  return itens
    .map((item) => ({
      mercadoria: item.mercadoria.trim(),
      quantidadeVolumes: item.quantidadeVolumes.trim(),
      dimensoes: item.dimensoes.trim(),
    }))
    .filter((item) => item.mercadoria || item.quantidadeVolumes || item.dimensoes);
}

/** The creation payload (spec 001 §3) of the draft; the server writes the e-mail body from it. */
export function buildPayload(draft: QuoteDraft): CreateQuoteBody {
  const manual = !isFileFormat(draft.metodoEnvio);
  const prazo = parseLocalInput(draft.prazo);
  return {
    nomeSolicitante: draft.nomeSolicitante.trim(),
    referenciaProcesso: draft.referenciaProcesso.trim(),
    tipoFrete: draft.tipoFrete,
    prazoResposta: prazo ? prazo.toISOString() : null,
    fti: text(draft.fti),
    metodoEnvio: draft.metodoEnvio,
    // The body edited in the preview, in the language sent; null: the server composes the same text.
    descricaoGeral: draft.corpoEmail[draft.idiomaEmail]?.trim() ? draft.corpoEmail[draft.idiomaEmail] : null,
    descricaoAdicional: manual ? null : text(draft.descricaoAdicional),
    idiomaEmail: draft.idiomaEmail,
    tituloEmail: text(emailTitle(draft)),
    modoEnvio: draft.modoEnvio,
    destinatarios: {
      transportadores: draft.transportadores.map((carrier) => carrier.id),
      grupos: draft.grupos.map((grupo) => grupo.id),
    },
    cargaPerigosa: draft.cargaPerigosa,
    origem: manual ? text(draft.origem) : null,
    destino: manual ? text(draft.destino) : null,
    incoterm: manual && draft.incoterm ? draft.incoterm : null,
    tempoTransito: manual ? text(draft.tempoTransito) : null,
    preferenciaRota: manual ? draft.preferenciaRota : null,
    evitarRota: manual ? text(draft.evitarRota) : null,
    evitarArmador: manual ? text(draft.evitarArmador) : null,
    pesoBrutoTotal: manual ? text(draft.pesoBrutoTotal) : null,
    valorMercadoria: manual ? text(draft.valorMercadoria) : null,
    observacoes: manual ? text(draft.observacoes) : null,
    itens: manual
      ? filledItems(draft.itens).map((item) => ({
          mercadoria: item.mercadoria || null,
          quantidadeVolumes: item.quantidadeVolumes || null,
          dimensoes: item.dimensoes || null,
        }))
      : [],
  };
}

/** The first message of the shared schema for a payload it rejects (lengths, ids), else null. */
export function payloadError(payload: CreateQuoteBody): string | null {
  const parsed = createQuoteBodySchema.safeParse(payload);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ui.quotes.wizard.createError);
}

/**
 * The multipart body of `POST /quotes/create-with-file`: every scalar field that has a value (booleans
 * as 'true'/'false'), `destinatarios[transportadores]`, `destinatarios[grupos]` and `itens` as JSON
 * text, the request file in `file` and the optional `dangerousCargoFile`.
 */
export function buildFormData(payload: CreateQuoteBody, file: File, dangerousFile: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload)) {
    if (name === 'destinatarios' || name === 'itens') continue;
    if (value === null || value === undefined) continue;
    form.append(name, typeof value === 'boolean' ? String(value) : String(value));
  }
  form.append('destinatarios[transportadores]', JSON.stringify(payload.destinatarios.transportadores));
  form.append('destinatarios[grupos]', JSON.stringify(payload.destinatarios.grupos));
  form.append('itens', JSON.stringify(payload.itens));
  form.append('file', file, file.name);
  if (payload.cargaPerigosa && dangerousFile)
    form.append('dangerousCargoFile', dangerousFile, dangerousFile.name);
  return form;
}
