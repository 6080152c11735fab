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

/** The requester's one e-mail when a quote's answer deadline passes. */
export const deadlineSummaryMessages = {
  subject: 'Prazo encerrado: cotação {codigo} ({respondidas} de {total} responderam)',
  title: 'Prazo de resposta encerrado',
  greeting: 'Olá, {nome}.',
  greetingNoName: 'Olá.',
  intro:
    'O prazo de resposta da cotação {codigo} (processo {referencia}) encerrou em {prazo} (horário de Brasília).',
  answered: '{respondidas} de {total} agentes de carga responderam.',
  nobody: 'Nenhum agente de carga respondeu até o prazo (0 de {total} responderam).',
  cheapest: 'Menor custo total: {brl} ({usd}) — {transportador}',
  cheapestDestination: 'Menor custo total: {brl} ({usd}) — {transportador}, destino {destino}',
  noPrice: 'Nenhuma proposta tem valores de frete lidos ainda: confira as respostas na cotação.',
  fastest: 'Menor transit time: {dias} dias — {transportador}',
  rate: 'Câmbio usado: USD 1 = R$ {taxa} (PTAX {ptax} de {data} + margem de {margem}%).',
  rateFallback:
    'Câmbio usado: USD 1 = R$ {taxa} (cotação fixa de R$ {ptax}, a PTAX não respondeu, + margem de {margem}%).',
  link: 'Compare as propostas e aprove: {url}',
  linkNobody: 'Abra a cotação para prorrogar, encerrar ou cancelar: {url}',
  open: 'Abrir a comparação',
  footer:
    'Você recebe este resumo porque criou a cotação. O supervisor da empresa pode desligá-lo em Configurações.',
} as const;
