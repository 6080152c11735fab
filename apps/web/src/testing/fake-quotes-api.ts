import { errorMessage, errorMessages } from '@cotacoes/shared/messages/errors';
import { successMessages } from '@cotacoes/shared/messages/success';
import { foldAccents } from '@cotacoes/shared/rules/fold';
import {
  FINAL_STATUSES,
  isWaitingStatus,
  QUOTE_STATUS_INFO,
  type QuoteStatus,
  WAITING_STATUSES,
} from '@cotacoes/shared/rules/quote-status';
import type { Grupo, GrupoResumo, Transportador } from '@cotacoes/shared/schemas/carriers';
import { type QuoteDetail, type QuoteSummary, updateQuoteBodySchema } from '@cotacoes/shared/schemas/quotes';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

/** Fixed uuids: the shared creation schema only accepts uuids as recipient ids. */
export const ids = {
  g1: '10000000-0000-4000-8000-000000000001',
  g2: '10000000-0000-4000-8000-000000000002',
  a1: '20000000-0000-4000-8000-000000000001',
  a2: '20000000-0000-4000-8000-000000000002',
  a3: '20000000-0000-4000-8000-000000000003',
  a4: '20000000-0000-4000-8000-000000000004',
  q1: '30000000-0000-4000-8000-000000000001',
} as const;

export function makeGroups(): Grupo[] {
  return [
    {
      id: ids.g1,
      nome: 'Marítimo Ásia',
      descricao: 'Fretes marítimos da China e do Vietnã',
      cor: '#0066CC',
      ativo: true,
      data_criacao: '21/11/2026',
      transportadores: [
        { id: ids.a1, nome: 'Atlântico Logística' },
        { id: ids.a2, nome: 'Boreal Cargas' },
      ],
    },
    {
      id: ids.g2,
      nome: 'Aéreo EUA',
      descricao: null,
      cor: '#CC3300',
      ativo: true,
      data_criacao: '20/11/2026',
      transportadores: [],
    },
  ];
}

export function makeCarriers(): Transportador[] {
  return [
    {
      id: ids.a1,
      nome: 'Atlântico Logística',
      email: 'comercial@atlantico.com.br;ops@atlantico.com.br',
      grupos: [{ id: ids.g1, nome: 'Marítimo Ásia', cor: '#0066CC' }],
      ativo: true,
    },
    {
      id: ids.a2,
      nome: 'Boreal Cargas',
      email: 'cotacao@boreal.com.br',
      grupos: [{ id: ids.g1, nome: 'Marítimo Ásia', cor: '#0066CC' }],
      ativo: true,
    },
    { id: ids.a3, nome: 'Cruzeiro Freight', email: 'sales@cruzeiro.com', grupos: [], ativo: false },
  ];
}

/** `count` quotes; every fifth one approved (tab 'finalizadas'), the rest waiting. */
export function makeQuotes(count: number): QuoteSummary[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const status: QuoteStatus = n % 5 === 0 ? 'APROVADA' : WAITING_STATUSES[n % 3]!;
    return {
      id: `q-${n}`,
      codigo: `COT-2026-${String(n).padStart(4, '0')}`,
      nomeSolicitante: n % 2 ? 'Ana Souza' : 'João Conceição',
      referenciaProcesso: `IMP-${n}`,
      fti: n % 4 === 0 ? null : `FTI-${n}`,
      tipoFrete: 'FCL',
      status,
      prazoResposta: '2026-03-10T15:00:00.000Z',
      dataCriacao: '2026-03-03T12:00:00.000Z',
      contadorRespostas: { respondidas: n % 3, total: 3 },
    };
  });
}

export function makeQuoteDetail(overrides: Partial<QuoteDetail> = {}): QuoteDetail {
  return {
    id: ids.q1,
    codigo: 'COT-2026-0042',
    nomeSolicitante: 'Ana Souza',
    referenciaProcesso: 'IMP-2026-015',
    fti: null,
    tipoFrete: 'FCL',
    status: 'AGUARDANDO_RESPOSTA',
    prazoResposta: '2026-03-10T15:00:00.000Z',
    dataCriacao: '2026-03-03T12:30:00.000Z',
    contadorRespostas: { respondidas: 1, total: 3 },
    metodoEnvio: 'EMAIL',
    modoEnvio: 'bcc',
    idiomaEmail: 'pt',
    tituloEmail: 'Cotação COT-2026-0042 - IMP-2026-015',
    descricaoGeral: 'Prezados,\n\nSolicitamos a cotação de frete.',
    descricaoAdicional: null,
    cargaPerigosa: true,
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    incoterm: 'FOB',
    tempoTransito: 'até 35 dias',
    preferenciaRota: true,
    evitarRota: null,
    evitarArmador: 'Armador X',
    pesoBrutoTotal: '12.500 kg',
    valorMercadoria: null,
    observacoes: null,
    itens: [
      { mercadoria: 'Peças automotivas', quantidadeVolumes: '20 pallets', dimensoes: '120 x 80 x 100 cm' },
      { mercadoria: 'Rolamentos', quantidadeVolumes: null, dimensoes: null },
    ],
    grupos: [{ id: ids.g1, nome: 'Marítimo Ásia' }],
    anexos: [{ tipo: 'carga_perigosa', nome: 'fispq.pdf', tamanho: 2048 }],
    destinatarios: [
      {
        transportadorId: ids.a1,
        nome: 'Atlântico Logística',
        emails: ['comercial@atlantico.com.br', 'ops@atlantico.com.br'],
        estadoEnvio: 'enviado',
        enviadoEm: '2026-03-03T12:31:00.000Z',
        respondeuEm: '2026-03-04T09:00:00.000Z',
        falhaEntrega: null,
      },
      {
        transportadorId: ids.a2,
        nome: 'Boreal Cargas',
        emails: ['cotacao@boreal.com.br'],
        estadoEnvio: 'pendente',
        enviadoEm: null,
        respondeuEm: null,
        falhaEntrega: null,
      },
      {
        transportadorId: ids.a4,
        nome: 'Delta Shipping',
        emails: ['x@delta.com'],
        estadoEnvio: 'falhou',
        enviadoEm: null,
        respondeuEm: null,
        falhaEntrega: null,
      },
    ],
    aprovacao: null,
    ...overrides,
  };
}

const fold = (text: string) => foldAccents(text).toLowerCase();

/** A group as `resumo=true` answers it: the number of its members instead of the members. */
const groupSummary = ({ transportadores, ...grupo }: Grupo): GrupoResumo => ({
  ...grupo,
  totalTransportadores: transportadores.length,
});

export const params = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

const SUMMARY_FIELDS = ['nomeSolicitante', 'referenciaProcesso', 'fti', 'prazoResposta', 'status'] as const;

/**
 * The server's reading of `GET /api/quotes` (tab, status, accent-insensitive search over code,
 * requester, reference and FTI, pagination), of the recipients lists, and of `GET`, `PATCH` and
 * `DELETE /api/quotes/:id` for the `details` (a change or a deletion also reaches the list's copy of
 * the same id), over data the test owns.
 */
export function fakeQuotesApi(
  data: {
    quotes?: QuoteSummary[];
    carriers?: Transportador[];
    groups?: Grupo[];
    details?: QuoteDetail[];
  } = {},
) {
  const db = {
    quotes: data.quotes ?? makeQuotes(23),
    carriers: data.carriers ?? makeCarriers(),
    groups: data.groups ?? makeGroups(),
    details: data.details ?? [makeQuoteDetail()],
  };
  const notFound = problem(404, 'QUOTE_NOT_FOUND', errorMessages.QUOTE_NOT_FOUND);

  /** `PATCH /api/quotes/:id`: the shared body schema, then 404, 409 once final, a future deadline. */
  function updateQuote(id: string, request: RecordedRequest): StubResponse {
    const parsed = updateQuoteBodySchema.safeParse(request.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      return {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: errors.length === 1 ? errors[0]!.message : errorMessages.VALIDATION_FAILED,
          status: 400,
          errors,
        },
      };
    }
    const quote = db.details.find((detail) => detail.id === id);
    if (!quote) return notFound;
    if ((FINAL_STATUSES as readonly QuoteStatus[]).includes(quote.status)) {
      const status = QUOTE_STATUS_INFO[quote.status].label;
      return problem(409, 'QUOTE_FINAL', errorMessage('QUOTE_FINAL', { status }));
    }
    const changes = parsed.data;
    if (changes.prazoResposta && new Date(changes.prazoResposta).getTime() <= Date.now())
      return problem(400, 'QUOTE_PRAZO_PAST', errorMessages.QUOTE_PRAZO_PAST);
    const summary = db.quotes.find((item) => item.id === id);
    for (const field of SUMMARY_FIELDS) {
      const value = changes[field];
      if (value === undefined) continue;
      Object.assign(quote, { [field]: value });
      if (summary) Object.assign(summary, { [field]: value });
    }
    // As the API: the carriers still silent are told of the new deadline; of an ending, every one whose
    // request did not fail.
    if (changes.avisarTransportadores) {
      const avisados = changes.status
        ? quote.destinatarios.filter((recipient) => recipient.estadoEnvio !== 'falhou').length
        : quote.contadorRespostas.total - quote.contadorRespostas.respondidas;
      return { body: { ...structuredClone(quote), avisados } };
    }
    return { body: structuredClone(quote) };
  }

  function deleteQuote(id: string): StubResponse {
    if (!db.details.some((detail) => detail.id === id)) return notFound;
    db.details = db.details.filter((detail) => detail.id !== id);
    db.quotes = db.quotes.filter((item) => item.id !== id);
    return { body: { message: successMessages.quoteDeleted } };
  }

  const detailRoutes: Record<string, Handler> = {};
  for (const { id } of db.details) {
    detailRoutes[`GET /api/quotes/${id}`] = () => {
      const quote = db.details.find((detail) => detail.id === id);
      return quote ? { body: structuredClone(quote) } : notFound;
    };
    detailRoutes[`PATCH /api/quotes/${id}`] = (request) => updateQuote(id, request);
    detailRoutes[`DELETE /api/quotes/${id}`] = () => deleteQuote(id);
    // The 'Lembretes' card of the detail page (follow-up): switched on, nothing sent or due yet.
    detailRoutes[`GET /api/quotes/${id}/lembretes`] = () => ({
      body: { ativos: true, empresaAtivos: true, enviados: [], proximos: [], pendentes: [] },
    });
  }

  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/quotes': (request) => {
      const query = params(request);
      const tab = query.get('tab') ?? 'enviadas';
      const status = query.get('status');
      const overdue = query.get('vencidas') === 'true';
      const search = fold(query.get('search') ?? '');
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      const found = db.quotes.filter(
        (quote) =>
          (tab === 'enviadas') === isWaitingStatus(quote.status) &&
          (!status || quote.status === status) &&
          (!overdue || new Date(quote.prazoResposta).getTime() < Date.now()) &&
          (!search ||
            fold(
              `${quote.codigo} ${quote.nomeSolicitante} ${quote.referenciaProcesso} ${quote.fti ?? ''}`,
            ).includes(search)),
      );
      return {
        body: {
          data: found.slice((page - 1) * limit, page * limit),
          total: found.length,
          totalPages: Math.ceil(found.length / limit),
          page,
        },
      };
    },
    'GET /api/transporters': (request) => {
      const query = params(request);
      const search = fold(query.get('search') ?? '');
      const limit = Number(query.get('limit') ?? 50);
      const found = db.carriers.filter(
        (carrier) => !search || fold(`${carrier.nome} ${carrier.email}`).includes(search),
      );
      return {
        body: { data: found.slice(0, limit), total: found.length, totalPages: 1, page: 1 },
      };
    },
    'GET /api/groups': (request) => ({
      body: params(request).get('resumo') === 'true' ? db.groups.map(groupSummary) : db.groups,
    }),
    ...detailRoutes,
  };
  return { db, routes };
}
