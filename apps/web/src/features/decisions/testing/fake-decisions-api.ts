import { moneyText } from '@cotacoes/shared/comparison/quantity-text';
import { errorMessage, errorMessages } from '@cotacoes/shared/messages/errors';
import { FINAL_STATUSES, QUOTE_STATUS_INFO } from '@cotacoes/shared/rules/quote-status';
import {
  type Comparison,
  type ComparisonRow,
  type ComparisonValue,
  comparisonQuerySchema,
} from '@cotacoes/shared/schemas/comparison';
import {
  type ApprovalInfo,
  approveBodySchema,
  type Correction,
  correctionBodySchema,
  revisionRequestBodySchema,
} from '@cotacoes/shared/schemas/decisions';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { type ResponseEntry, versionsOfEntry } from '@cotacoes/shared/schemas/responses';
import type { z } from 'zod';
import { ids, makeQuoteDetail, params } from '@/testing/fake-quotes-api';
import { makeEntry, makeVersion } from '@/testing/fake-responses-api';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

export const carrierIds = {
  atlantico: ids.a1,
  boreal: ids.a2,
  delta: ids.a4,
} as const;

/** Response (version) ids: the approval body only takes uuids. */
export const respIds = {
  atl: '40000000-0000-4000-8000-000000000001',
  bor: '40000000-0000-4000-8000-000000000002',
  del: '40000000-0000-4000-8000-000000000003',
  delPrevious: '40000000-0000-4000-8000-000000000004',
} as const;

const bodyLine = (line: number, text: string) => ({ line, text, origin: 'body' });

export function value(valor: number | null, overrides: Partial<ComparisonValue> = {}): ComparisonValue {
  return {
    valor,
    moeda: null,
    campo: null,
    fonte: null,
    confianca: 0.9,
    corrigido: false,
    baixaConfianca: false,
    ...overrides,
  };
}

/** A comparison row as the server computes it (totals given, not recomputed unless the margin changes). */
export function makeRow(
  overrides: Partial<ComparisonRow> & Pick<ComparisonRow, 'respostaId'>,
): ComparisonRow {
  const row: ComparisonRow = {
    id: `${overrides.respostaId}:${overrides.destino ?? ''}`,
    transportadorId: carrierIds.atlantico,
    transportador: { nome: 'Atlântico Logística', email: 'comercial@atlantico.com.br' },
    status: 'respondido',
    versao: 1,
    destino: null,
    fretes: [
      {
        ...value(1850, {
          moeda: 'USD',
          campo: 'fretes.0.valor',
          fonte: bodyLine(6, "Frete marítimo 20' DC: USD 1.850,00"),
        }),
        tipo: '20DC',
      },
    ],
    taxas: [
      {
        ...value(1350, {
          moeda: 'BRL',
          campo: 'taxas.itens.0.valor',
          fonte: bodyLine(8, 'THC: BRL 1.350,00'),
        }),
        nome: 'THC',
        rotulo: 'THC',
        destino: null,
        contabilizada: true,
        motivo: null,
      },
      {
        ...value(9999, {
          moeda: 'USD',
          campo: 'taxas.itens.1.valor',
          fonte: bodyLine(10, 'TOTAL: USD 9.999,00'),
        }),
        nome: 'TOTAL',
        rotulo: 'TOTAL',
        destino: null,
        contabilizada: false,
        motivo: 'Linha de total: não é somada',
      },
    ],
    taxasPorMoeda: { USD: 0, BRL: 1350 },
    valorUSD: 1850,
    valorBRL: 1350,
    custoRodoviario: 0,
    custoTotalBRL: 11_065.28,
    custoTotalUSD: 2107.07,
    prazo: value(32, { campo: 'transit_time_dias', fonte: bodyLine(11, 'Transit time: 32 dias') }),
    freeTime: value(14, { campo: 'free_time_destino_dias', fonte: bodyLine(12, 'Free time: 14 dias') }),
    validade: {
      valor: '2026-12-30',
      campo: 'validadeProposta',
      fonte: bodyLine(13, 'Validade: 30/12/2026'),
      corrigido: false,
      expirada: false,
    },
    confianca: 0.92,
    extracao: 'concluida',
    precificada: true,
    faltando: [],
    variacao: null,
    destaque: { menorCusto: false, menorPrazo: false },
    ...overrides,
  };
  return { ...row, id: `${row.respostaId}:${row.destino ?? ''}` };
}

/**
 * Three answers at PTAX 5,1234 + 2,5 % = 5,2515: Atlântico (USD, one destination, the shortest transit),
 * Boreal in BRL with two destinations (Itajaí with road cost), Delta (second version, 120 USD cheaper,
 * the cheapest) without transit time, free time or 40' price, expired, with a low-confidence freight.
 */
export function makeRows(): ComparisonRow[] {
  const boreal = {
    transportadorId: carrierIds.boreal,
    transportador: { nome: 'Boreal Cargas', email: 'cotacao@boreal.com.br' },
  };
  return [
    makeRow({
      respostaId: respIds.atl,
      destaque: { menorCusto: false, menorPrazo: true },
      prazo: value(28, { campo: 'transit_time_dias', fonte: bodyLine(11, 'Transit time: 28 dias') }),
    }),
    makeRow({
      ...boreal,
      respostaId: respIds.bor,
      destino: 'Santos',
      fretes: [
        {
          ...value(9000, {
            moeda: 'BRL',
            campo: 'destinos.0.valorFreteBRL',
            fonte: { line: 4, text: 'Santos | 9.000,00', cell: 'B4', origin: 'attachment:tarifas.xlsx' },
          }),
          tipo: "40'HC",
        },
      ],
      taxas: [],
      taxasPorMoeda: { USD: 0, BRL: 0 },
      valorUSD: 0,
      valorBRL: 9000,
      custoTotalBRL: 9000,
      custoTotalUSD: 1713.8,
      prazo: value(35, { campo: 'transit_time_dias' }),
    }),
    makeRow({
      ...boreal,
      respostaId: respIds.bor,
      destino: 'Itajaí',
      fretes: [{ ...value(9500, { moeda: 'BRL', campo: 'destinos.1.valorFreteBRL' }), tipo: "40'HC" }],
      taxas: [],
      taxasPorMoeda: { USD: 0, BRL: 0 },
      valorUSD: 0,
      valorBRL: 9500,
      custoRodoviario: 1035,
      custoTotalBRL: 10_535,
      custoTotalUSD: 2006.09,
      prazo: value(35, { campo: 'transit_time_dias' }),
    }),
    makeRow({
      transportadorId: carrierIds.delta,
      transportador: { nome: 'Delta Shipping', email: 'x@delta.com' },
      respostaId: respIds.del,
      versao: 2,
      fretes: [
        {
          ...value(1700, {
            moeda: 'USD',
            campo: 'fretes.0.valor',
            baixaConfianca: true,
            confianca: 0.4,
            fonte: bodyLine(3, 'frete 1700'),
          }),
          tipo: '20DC',
        },
      ],
      taxas: [],
      taxasPorMoeda: { USD: 0, BRL: 0 },
      valorUSD: 1700,
      valorBRL: 0,
      custoTotalBRL: 8_927.55,
      custoTotalUSD: 1700,
      prazo: value(null, { campo: 'transit_time_dias', confianca: null }),
      freeTime: value(null, { campo: 'free_time_destino_dias', confianca: null }),
      validade: {
        valor: '2026-01-10',
        campo: 'validadeProposta',
        fonte: null,
        corrigido: false,
        expirada: true,
      },
      confianca: 0.45,
      faltando: ['frete40', 'prazo', 'freeTime'],
      variacao: { versaoAnterior: 1, custoTotalBRL: -630.18, custoTotalUSD: -120, prazo: null },
      destaque: { menorCusto: true, menorPrazo: false },
    }),
  ];
}

/** Response entries matching `makeRows` (the current version ids are the rows' respostaId). */
export function makeDecisionEntries(quote: QuoteDetail): ResponseEntry[] {
  const [atlantico, boreal, delta] = quote.destinatarios;
  return [
    makeEntry(atlantico!, [makeVersion({ id: respIds.atl, mensagemId: 'm-atl' })]),
    makeEntry(boreal!, [makeVersion({ id: respIds.bor, mensagemId: 'm-bor' })]),
    makeEntry(delta!, [
      makeVersion({ id: respIds.del, versao: 2, mensagemId: 'm-del' }),
      makeVersion({ id: respIds.delPrevious, versao: 1, mensagemId: 'm-del-1' }),
    ]),
  ];
}

function validation(error: z.ZodError): StubResponse {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
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

const PTAX = 5.1234;
const EUR_PTAX = 6.0123;

/** Every figure of a row with a correction path, so a correction can find it. */
function figuresOf(row: ComparisonRow): Array<ComparisonValue | ComparisonRow['validade']> {
  return [...row.fretes, ...row.taxas, row.prazo, row.freeTime, row.validade];
}

/**
 * The server's reading of the decision calls over data the test owns, written from the contracts in
 * packages/shared/src/schemas/{comparison,decisions}.ts: the comparison at a margin (totals at
 * ptax × (1 + margin/100)), corrections (the body schema, then the figure gets `corrigido` and the
 * version a correction), revision requests (409 on a final quote) and approval (409 once approved,
 * the destination rule).
 */
export function fakeDecisionsApi(
  data: {
    quote?: QuoteDetail;
    rows?: ComparisonRow[];
    entries?: ResponseEntry[];
    fonte?: 'ptax' | 'fallback';
  } = {},
) {
  const quote = data.quote ?? makeQuoteDetail({ contadorRespostas: { respondidas: 3, total: 3 } });
  const db = {
    quote: structuredClone(quote),
    rows: data.rows ?? makeRows(),
    entries: data.entries ?? makeDecisionEntries(quote),
    corrections: [] as Correction[],
  };
  const id = quote.id;
  const isFinal = () => (FINAL_STATUSES as readonly string[]).includes(db.quote.status);
  const statusLabel = () => QUOTE_STATUS_INFO[db.quote.status].label.toLowerCase();

  function comparison(request: RecordedRequest): StubResponse {
    const parsed = comparisonQuerySchema.safeParse(Object.fromEntries(params(request)));
    if (!parsed.success) return validation(parsed.error);
    const margem = parsed.data.exchangeMargin;
    const ptax = data.fonte === 'fallback' ? 5.2 : PTAX;
    const taxa = Math.round(ptax * (1 + margem / 100) * 10_000) / 10_000;
    // The euro's PTAX of the same day, for charges in EUR (the spec's 5,60 when the service failed).
    const eurPtax = data.fonte === 'fallback' ? 5.6 : EUR_PTAX;
    const eur = Math.round(eurPtax * (1 + margem / 100) * 10_000) / 10_000;
    const body: Comparison = {
      cotacaoId: id,
      taxa: {
        moeda: 'USD',
        ptax,
        dataCotacao: data.fonte === 'fallback' ? null : '2026-03-02',
        fonte: data.fonte ?? 'ptax',
        margem,
        taxa,
        eur: {
          ptax: eurPtax,
          dataCotacao: data.fonte === 'fallback' ? null : '2026-03-02',
          fonte: data.fonte ?? 'ptax',
          taxa: eur,
        },
      },
      linhas: db.rows.map((row) => {
        const brl =
          Math.round(
            (row.valorBRL + row.valorUSD * taxa + (row.valorEUR ?? 0) * eur + row.custoRodoviario) * 100,
          ) / 100;
        return { ...row, custoTotalBRL: brl, custoTotalUSD: Math.round((brl / taxa) * 100) / 100 };
      }),
      respondidas: new Set(db.rows.map((row) => row.transportadorId)).size,
      total: db.quote.destinatarios.length,
      pendentes: db.quote.destinatarios
        .filter(
          (recipient) =>
            !recipient.falhaEntrega &&
            !db.rows.some((row) => row.transportadorId === recipient.transportadorId),
        )
        .map((recipient) => ({ transportadorId: recipient.transportadorId, nome: recipient.nome })),
      naoEntregues: db.quote.destinatarios.flatMap((recipient) =>
        recipient.falhaEntrega && !db.rows.some((row) => row.transportadorId === recipient.transportadorId)
          ? [
              {
                transportadorId: recipient.transportadorId,
                nome: recipient.nome,
                motivo: recipient.falhaEntrega,
              },
            ]
          : [],
      ),
    };
    return { body };
  }

  function correct(respostaId: string, request: RecordedRequest): StubResponse {
    const parsed = correctionBodySchema.safeParse(request.body);
    if (!parsed.success) return validation(parsed.error);
    const { campo, valor } = parsed.data;
    const rows = db.rows.filter((row) => row.respostaId === respostaId);
    if (rows.length === 0) return problem(404, 'RESPONSE_NOT_FOUND', errorMessages.RESPONSE_NOT_FOUND);
    // The approved answer's figures were sent to its carrier (ADR 0018): the others stay correctable.
    if (rows[0]!.status === 'aprovado')
      return problem(409, 'CORRECTION_APPROVED', errorMessages.CORRECTION_APPROVED);
    // A currency (`fretes.N.moeda`) belongs to the amount figure of the same line; a unit or basis
    // (`….unidade`, ADR 0101) to the line itself.
    const currency = campo.endsWith('.moeda');
    const unit = /^(.*)\.unidade$/.exec(campo);
    const figureCampo = currency ? campo.replace(/\.moeda$/, '.valor') : campo;
    const figures = unit ? [] : rows.flatMap(figuresOf).filter((figure) => figure.campo === figureCampo);
    const lines = unit
      ? [...rows.flatMap((row) => row.fretes), ...rows.flatMap((row) => row.taxas)].filter(
          (line) => line.campo === `${unit[1]}.valor`,
        )
      : [];
    if (figures.length === 0 && lines.length === 0)
      return problem(400, 'CORRECTION_FIELD_MISSING', errorMessage('CORRECTION_FIELD_MISSING', { campo }));
    const unitOf = (line: (typeof lines)[number]) => ('tipo' in line ? line.tipo : (line.unidade ?? null));
    const original = unit
      ? unitOf(lines[0]!)
      : currency
        ? (figures[0] as ComparisonValue).moeda
        : figures[0]!.valor;
    for (const figure of figures) {
      if (currency) (figure as ComparisonValue).moeda = valor as string;
      else (figure as { valor: unknown }).valor = valor;
      figure.corrigido = true;
    }
    for (const line of lines) {
      if ('tipo' in line) line.tipo = String(valor);
      else line.unidade = String(valor);
    }
    const correction: Correction = {
      campo,
      valor,
      valorOriginal: original,
      fonteOriginal: figures[0]?.fonte ?? lines[0]?.fonte ?? null,
      por: 'Ana Souza',
      em: '2026-03-05T13:00:00.000Z',
    };
    db.corrections.push(correction);
    const corrected = <T extends { id: string; correcoes: Correction[] }>(version: T): T =>
      version.id === respostaId ? { ...version, correcoes: [...version.correcoes, correction] } : version;
    db.entries = db.entries.map((entry) => ({
      ...entry,
      atual: entry.atual && corrected(entry.atual),
      versoes: entry.versoes.map(corrected),
    }));
    return {
      body: db.entries.find((entry) => versionsOfEntry(entry).some((version) => version.id === respostaId)),
    };
  }

  function requestRevision(request: RecordedRequest): StubResponse {
    const parsed = revisionRequestBodySchema.safeParse(request.body);
    if (!parsed.success) return validation(parsed.error);
    if (isFinal())
      return problem(
        409,
        'REVISION_QUOTE_FINAL',
        errorMessage('REVISION_QUOTE_FINAL', { status: statusLabel() }),
      );
    const targets = parsed.data.revisarTodos
      ? [...new Set(db.rows.map((row) => row.transportadorId))]
      : [parsed.data.transportadorId as string];
    if (targets.some((target) => !db.rows.some((row) => row.transportadorId === target)))
      return problem(409, 'REVISION_NOTHING_TO_REVISE', errorMessages.REVISION_NOTHING_TO_REVISE);
    db.rows = db.rows.map((row) =>
      targets.includes(row.transportadorId) ? { ...row, status: 'revisao_solicitada' } : row,
    );
    db.quote = { ...db.quote, status: 'AGUARDANDO_REVISAO' };
    return {
      body: {
        status: 'AGUARDANDO_REVISAO',
        solicitadas: targets.map((target) => ({
          transportadorId: target,
          nome: db.rows.find((row) => row.transportadorId === target)!.transportador.nome,
        })),
      },
    };
  }

  function approve(request: RecordedRequest): StubResponse {
    const parsed = approveBodySchema.safeParse(request.body);
    if (!parsed.success) return validation(parsed.error);
    if (db.quote.aprovacao)
      return problem(
        409,
        'APPROVAL_ALREADY_APPROVED',
        errorMessage('APPROVAL_ALREADY_APPROVED', {
          nome: db.quote.aprovacao.aprovadoPor ?? '',
          transportador: db.quote.aprovacao.transportadorNome,
        }),
      );
    if (isFinal())
      return problem(
        409,
        'APPROVAL_QUOTE_FINAL',
        errorMessage('APPROVAL_QUOTE_FINAL', { status: statusLabel() }),
      );
    const rows = db.rows.filter((row) => row.respostaId === parsed.data.responseId);
    if (rows.length === 0) return problem(404, 'RESPONSE_NOT_FOUND', errorMessages.RESPONSE_NOT_FOUND);
    const destinations = rows.map((row) => row.destino).filter((destino) => destino !== null);
    if (destinations.length > 1 && !parsed.data.destino)
      return problem(400, 'APPROVAL_DESTINATION_REQUIRED', errorMessages.APPROVAL_DESTINATION_REQUIRED);
    // As the server: the total confirmed must still be the proposal's at that margin.
    if (parsed.data.totalConfirmadoBRL !== undefined) {
      const now = (
        comparison({
          ...request,
          url: `/api/quotes/${id}/comparison?exchangeMargin=${parsed.data.exchangeMargin}`,
        }).body as Comparison
      ).linhas.find(
        (row) =>
          row.respostaId === parsed.data.responseId &&
          (parsed.data.destino === undefined || row.destino === parsed.data.destino),
      );
      if (now && Math.abs(now.custoTotalBRL - parsed.data.totalConfirmadoBRL) >= 0.005)
        return problem(
          409,
          'APPROVAL_FIGURES_CHANGED',
          errorMessage('APPROVAL_FIGURES_CHANGED', { total: moneyText(now.custoTotalBRL, 'BRL') }),
        );
    }
    const aprovacao: ApprovalInfo = {
      respostaId: parsed.data.responseId,
      transportadorId: rows[0]!.transportadorId,
      transportadorNome: rows[0]!.transportador.nome,
      destino: parsed.data.destino ?? null,
      aprovadoEm: '2026-03-05T14:00:00.000Z',
      aprovadoPor: 'Ana Souza',
    };
    db.quote = { ...db.quote, status: 'APROVADA', aprovacao };
    const others = new Set(db.rows.map((row) => row.transportadorId));
    others.delete(aprovacao.transportadorId);
    return {
      body: {
        id,
        status: 'APROVADA',
        aprovacao,
        notificados: parsed.data.notificarNaoSelecionados ? others.size : 0,
      },
    };
  }

  const routes: Record<string, Handler | StubResponse> = {
    [`GET /api/quotes/${id}`]: () => ({ body: structuredClone(db.quote) }),
    [`GET /api/quotes/${id}/comparison`]: comparison,
    [`GET /api/quotes/${id}/respostas`]: () => ({ body: { data: structuredClone(db.entries) } }),
    [`POST /api/quotes/${id}/request-revision`]: requestRevision,
    [`POST /api/quotes/${id}/approve`]: approve,
    [`GET /api/quotes/${id}/emails`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
  };
  for (const respostaId of new Set(db.rows.map((row) => row.respostaId)))
    routes[`PUT /api/quotes/${id}/respostas/${respostaId}/correcoes`] = (request) =>
      correct(respostaId, request);
  return { db, routes };
}
