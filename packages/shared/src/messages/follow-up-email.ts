/**
 * The follow-up e-mails (issue 35, ADR 0026). A reminder goes to a carrier in its thread, in the quote's
 * language (idiomaEmail pt or en, like the request); the deadline summary goes to the requester, a user
 * of the product, in pt-BR.
 */
export const reminderEmailMessages = {
  pt: {
    subject: 'Lembrete: {assunto}',
    title: 'Lembrete de cotação',
    greeting: 'Prezados,',
    intro: 'Ainda não recebemos a sua proposta para a cotação {codigo} (processo {referencia}).',
    /** What the request asks, in a line (QA pass 39: the reminder named the code only). */
    route: 'Rota: {rota}.',
    deadline: 'O prazo para resposta é {prazo} (horário de Brasília).',
    reply: 'Para enviar a proposta, basta responder a este e-mail.',
    portal: 'Responder pelo portal',
    portalHint: 'Se preferir, envie a proposta pelo portal: {url}',
    ignore: 'Se a proposta já foi enviada, por favor desconsidere esta mensagem.',
    closing: 'Atenciosamente,',
  },
  en: {
    subject: 'Reminder: {assunto}',
    title: 'Quotation reminder',
    greeting: 'Dear partner,',
    intro: 'We have not yet received your offer for quotation {codigo} (process {referencia}).',
    route: 'Route: {rota}.',
    deadline: 'The deadline for answers is {prazo} (Brasília time).',
    reply: 'To send your offer, simply reply to this e-mail.',
    portal: 'Answer on the portal',
    portalHint: 'If you prefer, send your offer on the portal: {url}',
    ignore: 'If you have already sent your offer, please disregard this message.',
    closing: 'Best regards,',
  },
} as const;
export type ReminderEmailLanguage = keyof typeof reminderEmailMessages;

/** The notice of a new deadline ('prorrogar'): the reminder's texts with these in their place. */
export const deadlineNoticeMessages = {
  pt: {
    subject: 'Prazo prorrogado: {assunto}',
    title: 'Prazo de cotação prorrogado',
    intro: 'O prazo de resposta da cotação {codigo} (processo {referencia}) foi prorrogado.',
    deadline: 'O novo prazo para resposta é {prazo} (horário de Brasília).',
  },
  en: {
    subject: 'Deadline extended: {assunto}',
    title: 'Quotation deadline extended',
    intro: 'The answer deadline for quotation {codigo} (process {referencia}) has been extended.',
    deadline: 'The new deadline for answers is {prazo} (Brasília time).',
  },
} as const satisfies Record<
  ReminderEmailLanguage,
  Partial<Record<keyof (typeof reminderEmailMessages)['pt'], string>>
>;

/**
 * The notice of a quote ended by the company (PATCH /quotes/{id} `status` with `avisarTransportadores`, ADR
 * 0026 addendum 2026-12-06): every carrier whose delivery did not fail, answered or not, is told in its
 * thread that no answer is needed. `cancel`: CANCELADA; `close`: FECHADA.
 */
export const quoteEndedNoticeMessages = {
  pt: {
    cancel: {
      subject: 'Cotação cancelada: {assunto}',
      title: 'Cotação cancelada',
      intro: 'A cotação {codigo} (processo {referencia}) foi cancelada pela empresa.',
    },
    close: {
      subject: 'Cotação encerrada: {assunto}',
      title: 'Cotação encerrada',
      intro: 'A cotação {codigo} (processo {referencia}) foi encerrada pela empresa.',
    },
    /**
     * The first word of the request's own subject ('Cotação COT-2026-0003 - …'): left out after a notice
     * subject that already starts with it ("Cotação cancelada: COT-2026-0003 - …", not "…: Cotação COT-…").
     */
    requestWord: 'Cotação',
    greeting: 'Prezados,',
    noAnswer: 'Não é necessário enviar nem atualizar propostas para esta cotação.',
    thanks: 'Agradecemos a atenção e a colaboração.',
    closing: 'Atenciosamente,',
  },
  en: {
    cancel: {
      subject: 'Request cancelled: {assunto}',
      title: 'Quotation request cancelled',
      intro: 'Quotation {codigo} (process {referencia}) has been cancelled by the company.',
    },
    close: {
      subject: 'Request closed: {assunto}',
      title: 'Quotation request closed',
      intro: 'Quotation {codigo} (process {referencia}) has been closed by the company.',
    },
    requestWord: 'Quotation',
    greeting: 'Dear partner,',
    noAnswer: 'No offer or update is needed for this quotation.',
    thanks: 'Thank you for your time and cooperation.',
    closing: 'Best regards,',
  },
} as const satisfies Record<ReminderEmailLanguage, unknown>;

/** The requester's one e-mail when a quote's answer deadline passes. */
export const deadlineSummaryMessages = {
  subject: 'Prazo encerrado: cotação {codigo} ({respondidas} de {total} responderam)',
  title: 'Prazo de resposta encerrado',
  greeting: 'Olá, {nome}.',
  greetingNoName: 'Olá.',
  intro:
    'O prazo de resposta da cotação {codigo} (processo {referencia}) encerrou em {prazo} (horário de Brasília).',
  answered: '{respondidas} de {total} agentes de carga responderam.',
  /** After `answered` when some declined the quote (glossary 'declinou'): they answered without a proposal. */
  declined: '{n} declinou(aram) a cotação, sem proposta: {nomes}.',
  nobody: 'Nenhum agente de carga respondeu até o prazo (0 de {total} responderam).',
  /** The carriers not heard from, by name (QA pass 39: the summary said only how many). */
  silent: 'Sem resposta: {nomes}.',
  /** A revision asked and not answered yet: the cheapest below may still change (QA pass 39). */
  revisionPending: 'Revisão pedida e ainda não respondida: {nomes}. O menor custo abaixo pode mudar.',
  cheapest: 'Menor custo total: {brl} ({usd}) — {transportador}',
  cheapestDestination: 'Menor custo total: {brl} ({usd}) — {transportador}, destino {destino}',
  /** The cheapest by its estimate (an incomplete proposal completed at other agents' prices). */
  cheapestEstimated: 'Menor custo total (estimado): {brl} ({usd}) sem {ausentes} — {transportador}. {nota}.',
  cheapestEstimatedDestination:
    'Menor custo total (estimado): {brl} ({usd}) sem {ausentes} — {transportador}, destino {destino}. {nota}.',
  noPrice: 'Nenhuma proposta tem valores de frete lidos ainda: confira as respostas na cotação.',
  fastest: 'Menor transit time: {dias} dias — {transportador}',
  /** The port of that row, as the cheapest one says its own (QA pass 21). */
  fastestDestination: 'Menor transit time: {dias} dias — {transportador}, destino {destino}',
  rate: 'Câmbio usado: USD 1 = R$ {taxa} (PTAX {ptax} de {data} + margem de {margem}%).',
  rateFallback:
    'Câmbio usado: USD 1 = R$ {taxa} (taxa de contingência de R$ {ptax}, a PTAX não respondeu, + margem de {margem}%).',
  link: 'Compare as propostas e aprove: {url}',
  linkNobody: 'Abra a cotação para prorrogar, encerrar ou cancelar: {url}',
  open: 'Abrir a comparação',
  footer:
    'Você recebe este resumo porque criou a cotação. O supervisor da empresa pode desligá-lo em Configurações.',
} as const;
