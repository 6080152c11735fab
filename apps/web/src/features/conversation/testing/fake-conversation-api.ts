import { errorMessages } from '@cotacoes/shared/messages/errors';
import type { AttachmentList, Conversation, EmailMessage } from '@cotacoes/shared/schemas/responses';
import { conversationQuerySchema } from '@cotacoes/shared/schemas/responses';
import { ids } from '@/testing/fake-quotes-api';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

type Files = AttachmentList['attachments'];

let sequence = 0;

/** A message of the conversation; received from Atlântico by default. */
export function makeMessage(overrides: Partial<EmailMessage> = {}): EmailMessage {
  sequence++;
  return {
    id: `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    direction: 'received',
    from: 'comercial@atlantico.com.br',
    to: ['cotacoes+abc@importadora.com.br'],
    cc: [],
    bcc: [],
    subject: 'Re: Cotação COT-2026-0042 - IMP-2026-015',
    bodyText: 'Segue nossa proposta.',
    bodyHtml: null,
    createdAt: new Date(Date.UTC(2026, 2, 3, 13, sequence)).toISOString(),
    messageId: `<m${sequence}@atlantico.com.br>`,
    transportadorId: ids.a1,
    transportadorNome: 'Atlântico Logística',
    tipo: 'resposta',
    anexos: 0,
    marcacao: null,
    metadata: { imagensRemotas: 0 },
    ...overrides,
  };
}

/** The bcc request: one message to every carrier, no thread of its own. */
export function makeBccRequest(): EmailMessage {
  return makeMessage({
    direction: 'sent',
    from: 'Sistema de Cotações <nao-responda@cotacoes.local>',
    to: ['cotacoes+q@importadora.com.br'],
    bcc: ['comercial@atlantico.com.br', 'cotacao@boreal.com.br'],
    subject: 'Cotação COT-2026-0042 - IMP-2026-015',
    bodyText: 'Prezados,\n\nSolicitamos a cotação de frete marítimo de Xangai para Santos.',
    transportadorId: null,
    transportadorNome: null,
    tipo: 'pedido',
    anexos: 1,
  });
}

/**
 * The server's reading of the conversation calls over data the test owns: `GET /api/emails/by-cotacao/:id`
 * (the shared query schema, pages), `GET /api/imap/attachments/:messageId` and `GET /api/attachments/:key`
 * (a file the test marks as broken answers 500).
 */
export function fakeConversationApi(data: {
  quoteId?: string;
  messages: EmailMessage[];
  files?: Record<string, Files>;
  /** A received message kept as it arrived: its size (offered as 'Baixar mensagem original'). */
  originals?: Record<string, number>;
  broken?: string[];
}) {
  const quoteId = data.quoteId ?? ids.q1;
  const files = data.files ?? {};
  const routes: Record<string, Handler | StubResponse> = {
    [`GET /api/emails/by-cotacao/${quoteId}`]: (request: RecordedRequest) => {
      const query = conversationQuerySchema.parse(
        Object.fromEntries(new URL(request.url, 'http://localhost').searchParams),
      );
      const start = (query.page - 1) * query.pageSize;
      const remote = query.imagens === '1';
      const items = data.messages.slice(start, start + query.pageSize).map((message) => ({
        ...message,
        bodyHtml:
          message.bodyHtml && remote
            ? message.bodyHtml.replace(/data-imagem-remota="1"/g, 'src="https://cdn.example/logo.png"')
            : message.bodyHtml,
      }));
      const body: Conversation = {
        items,
        total: data.messages.length,
        page: query.page,
        pageSize: query.pageSize,
      };
      return { body };
    },
  };
  for (const message of data.messages) {
    const list = files[message.id] ?? [];
    const size = data.originals?.[message.id];
    const original =
      size === undefined
        ? undefined
        : {
            filename: 'mensagem-original.eml',
            contentType: 'message/rfc822',
            key: `original_${message.id}`,
            size,
          };
    routes[`GET /api/imap/attachments/${message.id}`] = {
      body: { attachments: list, ...(original ? { original } : {}) },
    };
    if (original)
      routes[`GET /api/attachments/${original.key}`] = {
        body: 'From: a@b\r\n\r\n',
        contentType: 'message/rfc822',
      };
    for (const file of list)
      routes[`GET /api/attachments/${file.key}`] = data.broken?.includes(file.key)
        ? problem(500, 'INTERNAL', errorMessages.INTERNAL)
        : { body: `conteúdo de ${file.filename}`, contentType: file.contentType };
  }
  return { routes };
}
