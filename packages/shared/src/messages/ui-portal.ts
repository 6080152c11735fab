import { ENGLISH_DATE_TIME } from './date-formats.js';
import { errorMessages } from './errors.js';
import { successMessages } from './success.js';

/*
 * The carrier portal's texts (issue 35, ADR 0026) in the two languages a request is sent in (`idiomaEmail`
 * pt or en): a forwarder that received its request in English reads the portal, its field messages and
 * the API's refusals in English. `PortalTexts` is the pt catalogue's shape, so the English one cannot miss
 * or add a key.
 */

export const PORTAL_LANGUAGES = ['pt', 'en'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

/** The portal's language for a quote's `idiomaEmail` (anything but 'en' is Portuguese). */
export function portalLanguageOf(idiomaEmail: string | null | undefined): PortalLanguage {
  return idiomaEmail === 'en' ? 'en' : 'pt';
}

const pt = {
  brand: 'Portal do agente de carga',
  /** The switch of the entry page (each language named in itself) and its group's name. */
  languages: { label: 'Idioma', pt: 'Português', en: 'English' },
  theme: { toDark: 'Ativar tema escuro', toLight: 'Ativar tema claro' },
  entry: {
    title: 'Consultar cotação',
    heading: 'Consultar cotação',
    subheading:
      'Recebeu um pedido de cotação? Informe o código da cotação e o seu e-mail: enviaremos um link para você consultar o pedido e responder.',
    codigoLabel: 'Código da cotação',
    codigoPlaceholder: 'COT-2026-0042',
    emailLabel: 'Seu e-mail',
    emailPlaceholder: 'voce@agente.com.br',
    emailHint: 'O mesmo endereço que recebeu o pedido de cotação.',
    submit: 'Enviar link',
    sending: 'Enviando...',
    sentTitle: 'Verifique seu e-mail',
    sent: 'Se este e-mail recebeu a cotação {codigo}, enviamos a ele um link de acesso. O link vale por 30 minutos e abre só no primeiro navegador em que for usado.',
    again: 'Pedir outro link',
    backToLogin: 'Voltar ao login',
    errorFallback: 'Não foi possível pedir o link. Tente novamente.',
  },
  answer: {
    title: 'Responder cotação',
    loading: 'Carregando a cotação...',
    loadErrorFallback: 'Não foi possível abrir esta cotação. Tente novamente.',
    heading: 'Cotação {codigo}',
    from: 'Pedido de {empresa} para {transportador}',
    deadline: 'Prazo de resposta: {prazo} (horário de Brasília)',
    requestTitle: 'Pedido de cotação',
    requestSentAt: 'Enviado em {data}',
    attachmentsTitle: 'Arquivos do pedido',
    download: 'Baixar {nome}',
    requestPdf: 'O pedido em PDF',
    formTitle: 'Sua proposta',
    formIntro: 'Preencha os valores da sua proposta. Campos com * são obrigatórios.',
    freightTitle: 'Frete *',
    freightUnit: 'Tipo / unidade',
    /** The port of a price, when the quote names several ('Santos / Itajaí'). */
    freightDestination: 'Destino',
    freightDestinationsHint: 'Esta cotação tem mais de um destino: informe o frete de cada um.',
    freightCurrency: 'Moeda',
    freightValue: 'Valor',
    /**
     * The amount's label by the row's unit (QA pass 42c: "Valor" alone let a carrier type the total of 2 × 40'
     * HC, which the comparison multiplies by the containers again).
     */
    freightValueBy: {
      container: 'Valor por contêiner',
      KG: 'Valor por kg',
      M3: 'Valor por m³',
      WM: 'Valor por W/M',
    } as Record<string, string>,
    freightPerContainerHint:
      'Informe o valor de um contêiner de cada tipo: o total da proposta considera a quantidade pedida.',
    /** Air: what a price per kg is multiplied by (QA pass 43a: the carrier was not told). */
    freightPerKgHint:
      'Informe o valor por kg: o total considera o peso taxado do pedido (o maior entre o peso bruto e o volume em m³ × 166,67 kg).',
    freightPerMeasureHint:
      'Informe o valor por m³ ou por W/M: o total considera a cubagem do pedido (por W/M, o maior entre toneladas e m³).',
    /** The minimum of a price per kg, m³ or W/M. */
    freightMinimum: 'Mínimo (opcional)',
    minimumShort: 'mín.',
    addFreight: 'Adicionar frete',
    removeFreight: 'Remover frete {n}',
    feesTitle: 'Taxas',
    feesEmpty: 'Nenhuma taxa informada.',
    feeName: 'Nome da taxa',
    feeNamePlaceholder: 'THC',
    feeCurrency: 'Moeda',
    feeValue: 'Valor',
    feeUnit: 'Cobrança',
    /** The minimum of a charge per kg, m³ or W/M ("Fuel 0,85/kg, mín. 50"). */
    feeMinimum: 'Mínimo da taxa (opcional)',
    /** The port of a charge, when the quote names several; `feeAllDestinations` is every port. */
    feeDestination: 'Destino',
    feeAllDestinations: 'Todos os destinos',
    feeDestinationsHint:
      'Uma taxa que muda de um destino para outro (THC, por exemplo): adicione uma linha para cada destino.',
    addFee: 'Adicionar taxa',
    removeFee: 'Remover taxa {n}',
    rowLabel: '{grupo} {n}',
    freightGroup: 'Frete',
    feeGroup: 'Taxa',
    conditionsTitle: 'Condições',
    transitTime: 'Transit time (dias)',
    freeTime: 'Free time (dias)',
    validity: 'Validade da proposta',
    paymentTerms: 'Condições de pagamento',
    remarks: 'Observações',
    attachments: 'Anexos da proposta',
    chooseFiles: 'Escolher arquivos',
    noFiles: 'Nenhum arquivo escolhido.',
    attachmentsHint: 'PDF, XLSX, DOCX ou imagens (JPG, PNG); até 10 arquivos de 10 MB.',
    removeAttachment: 'Remover {nome}',
    uploading: 'Enviando {pct}%',
    submit: 'Enviar resposta',
    update: 'Enviar nova versão',
    submitting: 'Enviando...',
    success: successMessages.portalAnswerSent as string,
    currentVersion:
      'Sua resposta atual é a versão {versao}, enviada em {data}. Enviar de novo cria uma nova versão.',
    errorFallback: 'Não foi possível enviar a resposta. Tente novamente.',
    fixFields: 'Corrija os campos destacados.',
    closedDeadline:
      'O prazo desta cotação terminou em {prazo} (horário de Brasília). Sua resposta não pode mais ser alterada pelo portal; para mudar algo, responda ao e-mail do pedido.',
    closedDeadlineNoAnswer:
      'O prazo desta cotação terminou em {prazo} (horário de Brasília) e o portal não recebe mais propostas. Se ainda quiser enviar a sua, responda ao e-mail do pedido: ela ainda chega ao analista.',
    closedDecided: 'Esta cotação já foi decidida. Sua resposta não pode mais ser alterada.',
    /** A carrier that never answered a decided quote (QA pass 35: told its answer could not be changed). */
    closedDecidedNoAnswer: 'Esta cotação já foi decidida: o portal não recebe mais propostas para ela.',
    closedCancelled:
      'Esta cotação foi cancelada pela empresa: não é preciso enviar nem atualizar propostas para ela.',
    readOnlyTitle: 'Sua resposta',
    noAnswer: 'Você não enviou resposta pelo portal.',
    /** A later answer by e-mail counts (QA pass 17: the page called the older portal answer current). */
    newerByEmail: 'Sua resposta que vale agora é a versão {versao}, recebida por e-mail em {data}.',
    /** Read-only, below `newerByEmail`: the figures shown are the portal's older version (QA pass 38). */
    newerByEmailSummary:
      'Abaixo, a versão {portal}, que você enviou pelo portal: ela não é a que vale agora (os valores da versão {versao} estão no seu e-mail).',
    newerByEmailForm:
      'O formulário traz a versão {portal}, que você enviou pelo portal: confira os valores antes de enviar, porque o que você enviar passa a valer no lugar da versão {versao}.',
    units: {
      '20DC': "20' DC",
      '20RF': "20' Reefer",
      '40DC': "40' DC",
      '40HC': "40' HC",
      '40RF': "40' Reefer",
      '45HC': "45' HC",
      KG: 'por kg',
      M3: 'por m³',
      WM: 'por W/M (t ou m³, o maior)',
    } as Record<string, string>,
    feeUnits: {
      conteiner: 'por contêiner',
      bl: 'por BL',
      embarque: 'por embarque',
      kg: 'por kg',
      m3: 'por m³',
      wm: 'por W/M',
    } as Record<string, string>,
  },
  invalid: {
    title: 'Link indisponível',
    requestNew: 'Pedir novo link',
    fallback: 'Este link não é válido.',
    /** Why a token opens nothing, by the API's code: the page says it in its own language. */
    byCode: {
      PORTAL_LINK_INVALID: errorMessages.PORTAL_LINK_INVALID as string,
      PORTAL_LINK_EXPIRED: errorMessages.PORTAL_LINK_EXPIRED as string,
      PORTAL_LINK_REUSED: errorMessages.PORTAL_LINK_REUSED as string,
    } as Record<string, string>,
  },
  /** Field messages of the portal's schemas (schemas/portal.ts): the form's and the API's, the same texts. */
  fields: {
    tokenInvalid: 'Este link de acesso não é válido. Peça um novo link em "Consultar cotação".',
    codigoRequired: 'Informe o código da cotação (ex.: COT-2026-0042).',
    codigoInvalid: 'Código inválido. Use o formato do e-mail recebido, como COT-2026-0042.',
    emailRequired: errorMessages.EMAIL_REQUIRED as string,
    emailInvalid: errorMessages.EMAIL_INVALID as string,
    valueInvalid: 'Informe um valor numérico.',
    valueNegative: 'O valor não pode ser negativo.',
    valueTooLarge: 'Valor acima do permitido.',
    currencyInvalid: 'Escolha a moeda: USD, BRL ou EUR.',
    daysInvalid: 'Informe um número inteiro de dias (0 a 365).',
    textTooLong: 'Use no máximo {max} caracteres.',
    freightUnitInvalid: 'Escolha o tipo de contêiner ou a unidade do frete.',
    freightValuePositive: 'Informe o valor do frete (maior que zero).',
    freightRequired: 'Informe ao menos um valor de frete.',
    freightDuplicate: 'Cada tipo de frete e moeda pode aparecer uma só vez (por destino).',
    destinationInvalid: 'Escolha um dos destinos da cotação.',
    feeNameRequired: 'Informe o nome da taxa (ex.: THC).',
    feeNameTooLong: 'O nome da taxa pode ter no máximo 80 caracteres.',
    feeUnitInvalid: 'Escolha a unidade de cobrança da taxa.',
    tooManyRows: 'Linhas demais: agrupe os valores.',
    dateInvalid: 'Informe uma data válida.',
    /** A validity before today (QA pass 17: 2020-01-01 was taken without a word, and read "expirada"). */
    validityPast: 'Esta data já passou. Informe até quando a proposta vale.',
  },
  /** The API's refusals of an answer (portal.service.ts); the pt ones are the error catalogue's. */
  refusals: {
    validationFailed: errorMessages.VALIDATION_FAILED as string,
    answerRequired: errorMessages.PORTAL_ANSWER_REQUIRED as string,
    fileType: errorMessages.PORTAL_FILE_TYPE as string,
    closedDeadline: errorMessages.PORTAL_CLOSED_DEADLINE as string,
    closedDecided: errorMessages.PORTAL_CLOSED_DECIDED as string,
    closedCancelled: errorMessages.PORTAL_CLOSED_CANCELLED as string,
    malformed: errorMessages.MULTIPART_INVALID as string,
  },
};

export type PortalTexts = typeof pt;
export type PortalFieldMessages = PortalTexts['fields'];

const en: PortalTexts = {
  brand: 'Freight forwarder portal',
  languages: { label: 'Language', pt: 'Português', en: 'English' },
  theme: { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' },
  entry: {
    title: 'Access a quote request',
    heading: 'Access a quote request',
    subheading:
      'Received a quote request? Enter the quote code and your e-mail address: we will send you a link to view the request and submit your offer.',
    codigoLabel: 'Quote code',
    codigoPlaceholder: 'COT-2026-0042',
    emailLabel: 'Your e-mail',
    emailPlaceholder: 'you@forwarder.com',
    emailHint: 'The same address that received the quote request.',
    submit: 'Send link',
    sending: 'Sending...',
    sentTitle: 'Check your e-mail',
    sent: 'If this address received quote request {codigo}, we have sent it an access link. The link is valid for 30 minutes and only opens in the first browser it is used in.',
    again: 'Request another link',
    backToLogin: 'Back to sign-in',
    errorFallback: 'The link could not be requested. Please try again.',
  },
  answer: {
    title: 'Answer quote request',
    loading: 'Loading the quote request...',
    loadErrorFallback: 'This quote request could not be opened. Please try again.',
    heading: 'Quote request {codigo}',
    from: 'Request from {empresa} to {transportador}',
    deadline: 'Answer deadline: {prazo} (Brasília time)',
    requestTitle: 'Quote request',
    requestSentAt: 'Sent on {data}',
    attachmentsTitle: 'Request files',
    download: 'Download {nome}',
    requestPdf: 'This request as a PDF',
    formTitle: 'Your offer',
    formIntro: 'Fill in the figures of your offer. Fields marked * are required.',
    freightTitle: 'Freight *',
    freightUnit: 'Equipment / unit',
    freightDestination: 'Destination',
    freightDestinationsHint:
      'This request has more than one destination: enter the freight for each of them.',
    freightCurrency: 'Currency',
    freightValue: 'Amount',
    freightValueBy: {
      container: 'Amount per container',
      KG: 'Amount per kg',
      M3: 'Amount per m³',
      WM: 'Amount per W/M',
    } as Record<string, string>,
    freightPerContainerHint:
      'Enter the amount for one container of each type: the offer total counts the quantity requested.',
    freightPerKgHint:
      "Enter the amount per kg: the offer total uses the request's chargeable weight (the greater of the gross weight and the volume in m³ × 166.67 kg).",
    freightPerMeasureHint:
      "Enter the amount per m³ or per W/M: the offer total uses the request's volume (per W/M, the greater of tonnes and m³).",
    freightMinimum: 'Minimum (optional)',
    minimumShort: 'min.',
    addFreight: 'Add freight',
    removeFreight: 'Remove freight {n}',
    feesTitle: 'Charges',
    feesEmpty: 'No charges entered.',
    feeName: 'Charge',
    feeNamePlaceholder: 'THC',
    feeCurrency: 'Currency',
    feeValue: 'Amount',
    feeUnit: 'Basis',
    feeMinimum: 'Charge minimum (optional)',
    feeDestination: 'Destination',
    feeAllDestinations: 'All destinations',
    feeDestinationsHint:
      'A charge that differs by destination (THC, for instance): add one line for each destination.',
    addFee: 'Add charge',
    removeFee: 'Remove charge {n}',
    rowLabel: '{grupo} {n}',
    freightGroup: 'Freight',
    feeGroup: 'Charge',
    conditionsTitle: 'Terms',
    transitTime: 'Transit time (days)',
    freeTime: 'Free time (days)',
    validity: 'Offer valid until',
    paymentTerms: 'Payment terms',
    remarks: 'Remarks',
    attachments: 'Offer attachments',
    chooseFiles: 'Choose files',
    noFiles: 'No files chosen.',
    attachmentsHint: 'PDF, XLSX, DOCX or images (JPG, PNG); up to 10 files of 10 MB each.',
    removeAttachment: 'Remove {nome}',
    uploading: 'Uploading {pct}%',
    submit: 'Send offer',
    update: 'Send new version',
    submitting: 'Sending...',
    success:
      'Offer sent. You can change it until {prazo} (Brasília time) through the link in the request or a new one from "Access a quote request".',
    currentVersion:
      'Your current offer is version {versao}, sent on {data}. Sending again creates a new version.',
    errorFallback: 'Your offer could not be sent. Please try again.',
    fixFields: 'Please correct the highlighted fields.',
    closedDeadline:
      'The deadline for this request ended on {prazo} (Brasília time). Your offer can no longer be changed on the portal; to change anything, reply to the request e-mail.',
    closedDeadlineNoAnswer:
      'The deadline for this request ended on {prazo} (Brasília time) and the portal no longer accepts offers. If you still want to send yours, reply to the request e-mail: it still reaches the analyst.',
    closedDecided: 'This request has already been decided. Your offer can no longer be changed.',
    closedDecidedNoAnswer:
      'This request has already been decided: the portal no longer accepts offers for it.',
    closedCancelled: 'This request has been cancelled by the company: no offer or update is needed for it.',
    readOnlyTitle: 'Your offer',
    noAnswer: 'You have not sent an offer through the portal.',
    newerByEmail: 'Your offer that counts now is version {versao}, received by e-mail on {data}.',
    newerByEmailSummary:
      'Below is version {portal}, which you sent on the portal: it is not the one that counts now (version {versao}’s figures are in your e-mail).',
    newerByEmailForm:
      'The form holds version {portal}, which you sent through the portal: check the figures before sending, because what you send replaces version {versao}.',
    units: {
      '20DC': "20' DC",
      '20RF': "20' Reefer",
      '40DC': "40' DC",
      '40HC': "40' HC",
      '40RF': "40' Reefer",
      '45HC': "45' HC",
      KG: 'per kg',
      M3: 'per m³',
      WM: 'per W/M (revenue ton)',
    },
    feeUnits: {
      conteiner: 'per container',
      bl: 'per B/L',
      embarque: 'per shipment',
      kg: 'per kg',
      m3: 'per m³',
      wm: 'per W/M',
    },
  },
  invalid: {
    title: 'Link unavailable',
    requestNew: 'Request a new link',
    fallback: 'This link is not valid.',
    byCode: {
      PORTAL_LINK_INVALID:
        'This access link is not valid. Request a new link under "Access a quote request".',
      PORTAL_LINK_EXPIRED:
        'This access link has expired (it is valid for 30 minutes). Please request a new link.',
      PORTAL_LINK_REUSED:
        'This link has already been opened in another browser. For security, please request a new link for this browser.',
    },
  },
  fields: {
    tokenInvalid: 'This access link is not valid. Request a new link under "Access a quote request".',
    codigoRequired: 'Enter the quote code (e.g. COT-2026-0042).',
    codigoInvalid: 'Invalid code. Use the format of the e-mail you received, such as COT-2026-0042.',
    emailRequired: 'Enter your e-mail address.',
    emailInvalid: 'Enter a valid e-mail address.',
    valueInvalid: 'Enter a number.',
    valueNegative: 'The amount cannot be negative.',
    valueTooLarge: 'The amount is above the maximum allowed.',
    currencyInvalid: 'Choose the currency: USD, BRL or EUR.',
    daysInvalid: 'Enter a whole number of days (0 to 365).',
    textTooLong: 'Use at most {max} characters.',
    freightUnitInvalid: 'Choose the container type or the freight unit.',
    freightValuePositive: 'Enter the freight amount (greater than zero).',
    freightRequired: 'Enter at least one freight amount.',
    freightDuplicate: 'Each freight type and currency may appear only once (per destination).',
    destinationInvalid: "Choose one of the request's destinations.",
    feeNameRequired: 'Enter the name of the charge (e.g. THC).',
    feeNameTooLong: 'The name of the charge may have at most 80 characters.',
    feeUnitInvalid: 'Choose the basis of the charge.',
    tooManyRows: 'Too many rows: group the amounts.',
    dateInvalid: 'Enter a valid date.',
    validityPast: 'This date has passed. Enter the date until which the offer is valid.',
  },
  refusals: {
    validationFailed: 'Invalid data. Please check the highlighted fields.',
    answerRequired: 'Send the data of your offer.',
    fileType: 'The file "{nome}" is not accepted. Send PDF, XLSX, DOCX or images (JPG, PNG).',
    closedDeadline:
      'The deadline for this request ended on {prazo} (Brasília time): the portal no longer accepts offers. Please reply to the request e-mail.',
    closedDecided: 'This request has already been decided: the offer can no longer be changed.',
    closedCancelled:
      'This request has been cancelled by the company: the portal no longer accepts offers for it.',
    malformed: 'The form arrived incomplete or damaged. Please send it again.',
  },
};

/** The carrier portal's texts by language. */
export const portalTexts: Record<PortalLanguage, PortalTexts> = { pt, en };

/**
 * The Portuguese texts (other screens borrow its labels). Not part of `ui`, and taken from `pt` itself,
 * not from `portalTexts`: /login's bundle (P3's budget) carries neither language of the portal.
 */
export const uiPortal = pt;
/** The Portuguese field messages of the portal's schemas. */
export const portalFieldMessages = pt.fields;

/** Numbers as the portal writes them: Brazilian on the Portuguese page, en-US on the English one. */
export const PORTAL_NUMBER_LOCALES: Record<PortalLanguage, string> = { pt: 'pt-BR', en: 'en-US' };

// Built on first use: a module-level `new Intl.DateTimeFormat` stays in every bundle that imports this file.
const dateTimeFormatOptions: Record<PortalLanguage, Intl.DateTimeFormatOptions> = {
  pt: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  },
  en: ENGLISH_DATE_TIME,
};
const dateTimeFormats: Partial<Record<PortalLanguage, Intl.DateTimeFormat>> = {};
const DATE_LOCALES: Record<PortalLanguage, string> = { pt: 'pt-BR', en: 'en-GB' };

/** A moment as the portal writes it, in Brasília time: '11/12/2026, 14:00' / '11 Dec 2026, 14:00'. */
export function formatPortalDateTime(value: Date | string, language: PortalLanguage): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  dateTimeFormats[language] ??= new Intl.DateTimeFormat(
    DATE_LOCALES[language],
    dateTimeFormatOptions[language],
  );
  return dateTimeFormats[language].format(date);
}
