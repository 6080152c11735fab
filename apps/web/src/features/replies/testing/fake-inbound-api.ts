import { errorMessages } from '@cotacoes/shared/messages/errors';
import { successMessages } from '@cotacoes/shared/messages/success';
import type { QuoteRecipient, QuoteSummary } from '@cotacoes/shared/schemas/quotes';
import {
  assignMessageBodySchema,
  type FailedMessage,
  type UnmatchedMessage,
} from '@cotacoes/shared/schemas/responses';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

export const ASSIGNED_MESSAGE = 'Mensagem atribuída à cotação.';

export const inboundIds = {
  q1: '6f1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e01',
  q2: '6f1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e02',
  a1: '7a1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e01',
  a2: '7a1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e02',
  a3: '7a1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e03',
} as const;

export function makeUnmatched(overrides: Partial<UnmatchedMessage> = {}): UnmatchedMessage {
  return {
    id: 'msg-1',
    from: 'comercial@atlantico.com.br',
    fromName: 'Atlântico Logística',
    subject: 'RE: cotação de frete Xangai',
    receivedAt: '2026-03-04T13:15:00.000Z',
    source: 'imap',
    preview: "Segue frete 20' USD 1.850,00 e 40' USD 2.950,00, transit time 32 dias.",
    anexos: 1,
    motivo: 'Sem token nem código de cotação no assunto',
    sugestoes: [],
    ...overrides,
  };
}

function recipient(transportadorId: string, nome: string, email: string): QuoteRecipient {
  return {
    transportadorId,
    nome,
    emails: [email],
    estadoEnvio: 'enviado',
    enviadoEm: null,
    respondeuEm: null,
    falhaEntrega: null,
  };
}

function summary(id: string, codigo: string, referenciaProcesso: string): QuoteSummary {
  return {
    id,
    codigo,
    nomeSolicitante: 'Ana Souza',
    referenciaProcesso,
    fti: null,
    tipoFrete: 'FCL',
    status: 'AGUARDANDO_RESPOSTA',
    prazoResposta: '2026-03-10T15:00:00.000Z',
    dataCriacao: '2026-03-03T12:00:00.000Z',
    contadorRespostas: { respondidas: 0, total: 2 },
  };
}

/** Who dismisses a message in the fake server ('Dispensada por …'). */
export const DISMISSED_BY = 'Ana Souza';

/**
 * The server's reading of the 'Não identificadas' calls over `messages` (a page at a time, `search` on
 * sender or subject, in the order given) and, with `dispensadas=true`, over `dismissed` (dismissing moves a
 * message there, first; restoring moves it back), with two quotes the search finds by code and their
 * recipients: an assignment needs a known message, a quote and one of its carriers.
 */
export function fakeInboundApi(messages: UnmatchedMessage[], dismissed: UnmatchedMessage[] = []) {
  const db = { messages, dismissed };
  const quotes = [
    {
      ...summary(inboundIds.q1, 'COT-2026-0042', 'IMP-2026-015'),
      destinatarios: [
        recipient(inboundIds.a1, 'Atlântico Logística', 'comercial@atlantico.com.br'),
        recipient(inboundIds.a2, 'Boreal Cargas', 'cotacao@boreal.com.br'),
      ],
    },
    {
      ...summary(inboundIds.q2, 'COT-2026-0057', 'IMP-2026-020'),
      destinatarios: [recipient(inboundIds.a3, 'Delta Shipping', 'x@delta.com')],
    },
  ];
  const notFound = () => problem(404, 'INBOUND_MESSAGE_NOT_FOUND', errorMessages.INBOUND_MESSAGE_NOT_FOUND);

  function assign(id: string, request: RecordedRequest): StubResponse {
    const parsed = assignMessageBodySchema.safeParse(request.body);
    if (!parsed.success) return problem(400, 'VALIDATION_FAILED', errorMessages.VALIDATION_FAILED);
    const quote = quotes.find((item) => item.id === parsed.data.cotacaoId);
    if (!db.messages.some((item) => item.id === id) || !quote)
      return problem(404, 'NOT_FOUND', 'Não encontrado.');
    if (!quote.destinatarios.some((item) => item.transportadorId === parsed.data.transportadorId))
      return problem(400, 'VALIDATION_FAILED', 'O transportador não é destinatário desta cotação.');
    db.messages = db.messages.filter((item) => item.id !== id);
    return { body: { message: ASSIGNED_MESSAGE } };
  }

  function dismiss(id: string): StubResponse {
    const message = db.messages.find((item) => item.id === id);
    if (!message) return notFound();
    db.messages = db.messages.filter((item) => item.id !== id);
    db.dismissed = [
      { ...message, dispensadaEm: new Date().toISOString(), dispensadaPor: DISMISSED_BY },
      ...db.dismissed,
    ];
    return { body: { message: successMessages.inboundDismissed } };
  }

  function restore(id: string): StubResponse {
    const message = db.dismissed.find((item) => item.id === id);
    if (!message) return notFound();
    const { dispensadaEm: _em, dispensadaPor: _por, ...waiting } = message;
    db.dismissed = db.dismissed.filter((item) => item.id !== id);
    db.messages = [waiting, ...db.messages];
    return { body: { message: successMessages.inboundRestored } };
  }

  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/inbound/unmatched': (request) => {
      const query = new URL(request.url, 'http://localhost').searchParams;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 50);
      const search = query.get('search')?.toLowerCase() ?? '';
      const from = query.get('dispensadas') === 'true' ? db.dismissed : db.messages;
      const found = from.filter((item) =>
        [item.from, item.fromName, item.subject].some((text) => text?.toLowerCase().includes(search)),
      );
      return {
        body: {
          data: structuredClone(found.slice((page - 1) * pageSize, page * pageSize)),
          total: found.length,
          page,
          pageSize,
        },
      };
    },
    'GET /api/quotes': (request) => {
      const search = new URL(request.url, 'http://localhost').searchParams.get('search')?.toLowerCase() ?? '';
      const found = quotes.filter((item) => item.codigo.toLowerCase().includes(search));
      return {
        body: {
          data: found.map(({ destinatarios: _, ...item }) => item),
          total: found.length,
          totalPages: 1,
          page: 1,
        },
      };
    },
  };
  for (const quote of quotes) routes[`GET /api/quotes/${quote.id}`] = { body: quote };
  for (const { id } of [...messages, ...dismissed]) {
    routes[`POST /api/inbound/messages/${id}/assign`] = (request) => assign(id, request);
    routes[`POST /api/inbound/messages/${id}/dismiss`] = () => dismiss(id);
    routes[`POST /api/inbound/messages/${id}/restore`] = () => restore(id);
  }
  return { db, routes };
}

export function makeFailed(overrides: Partial<FailedMessage> = {}): FailedMessage {
  return {
    id: 'fail-1',
    status: 'falhou',
    source: 'imap',
    from: 'comercial@atlantico.com.br',
    fromName: 'Atlântico Logística',
    subject: 'RE: cotação de frete Xangai',
    receivedAt: '2026-03-04T13:15:00.000Z',
    tamanho: 1_258_291,
    tentativas: 8,
    erro: 'O conteúdo da mensagem não pôde ser lido',
    proximaTentativa: null,
    ...overrides,
  };
}

/** What 'Reprocessar' makes of a message: processed, or failed again with a reason. */
export type ReprocessOutcome = { status: 'processada' } | { status: 'falhou'; erro: string };

/**
 * The server's reading of the 'Com falha' calls over `messages`: the list, the counts of
 * GET /inbound/status, 'Reprocessar' (processed unless `outcomes` says it fails again) and 'Descartar'.
 */
export function fakeFailedApi(
  messages: FailedMessage[],
  { outcomes = {}, unmatched = 0 }: { outcomes?: Record<string, ReprocessOutcome>; unmatched?: number } = {},
) {
  const db = { messages };
  const known = (id: string) => db.messages.find((item) => item.id === id);
  const notFound = () => problem(404, 'INBOUND_MESSAGE_NOT_FOUND', errorMessages.INBOUND_MESSAGE_NOT_FOUND);

  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/inbound/failed': () => ({
      body: { data: structuredClone(db.messages), total: db.messages.length },
    }),
    'GET /api/inbound/status': () => ({
      body: {
        imap: null,
        smtp: null,
        localMode: true,
        naoIdentificadas: unmatched,
        comFalha: db.messages.filter((item) => item.status === 'falhou').length,
        sources: [],
      },
    }),
  };
  for (const { id } of messages) {
    routes[`POST /api/inbound/messages/${id}/reprocess`] = () => {
      const message = known(id);
      if (!message) return notFound();
      const outcome = outcomes[id] ?? { status: 'processada' };
      if (outcome.status === 'falhou') {
        Object.assign(message, { tentativas: 1, erro: outcome.erro });
        return {
          body: {
            message: successMessages.inboundReprocessFailed.replace('{erro}', outcome.erro),
            status: 'falhou',
            outcome: null,
            erro: outcome.erro,
          },
        };
      }
      db.messages = db.messages.filter((item) => item.id !== id);
      return {
        body: {
          message: successMessages.inboundReprocessed,
          status: 'processada',
          outcome: 'resposta',
          erro: null,
        },
      };
    };
    routes[`POST /api/inbound/messages/${id}/discard`] = () => {
      if (!known(id)) return notFound();
      db.messages = db.messages.filter((item) => item.id !== id);
      return { body: { message: successMessages.inboundDiscarded } };
    };
  }
  return { db, routes };
}
