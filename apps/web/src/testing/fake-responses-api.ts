import { errorMessages } from '@cotacoes/shared/messages/errors';
import { successMessages } from '@cotacoes/shared/messages/success';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import {
  type CurrentVersion,
  type DadosExtraidos,
  type ExtractionFinal,
  type ResponseEntry,
  type ResponseVersion,
  typedValuesSchema,
  versionsOfEntry,
} from '@cotacoes/shared/schemas/responses';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

export const REGISTERED_MESSAGE = 'Resposta registrada com sucesso!';
export const SENDER_CONFIRMED_MESSAGE = 'Remetente confirmado. Esta versão da resposta passa a valer.';
export const SET_ASIDE_COUNTED_MESSAGE = 'Mensagem contada como resposta. Os valores estão sendo lidos.';

const source = { line: 1, text: '', origin: 'body' };

export function makeFinal(overrides: Partial<ExtractionFinal> = {}): ExtractionFinal {
  return {
    transportador: null,
    armador: 'MSC',
    modal: 'MARITIMO',
    moeda: 'USD',
    incoterm: 'FOB',
    origem: 'Xangai',
    portoOrigem: 'Xangai',
    porto_destino: [{ nome: 'Santos', codigo: 'BRSSZ', pais: 'BR' }],
    destinos: [],
    portoTransbordo: null,
    rota: 'Xangai → Santos',
    transit_time_dias: 32,
    transit_time_min_dias: null,
    transit_time_max_dias: null,
    free_time_destino_dias: 14,
    validadeProposta: '2026-12-30',
    frete: { tipo: '20DC', valor: 1850, moeda: 'USD' },
    fretes: [
      { destino: null, unidade: '20DC', valor: 1850, moeda: 'USD', minimo: null, confidence: 0.9, source },
      { destino: null, unidade: '40HC', valor: 2950, moeda: 'USD', minimo: null, confidence: 0.9, source },
    ],
    preco_por_container_20: 1850,
    preco_por_container_40: 2950,
    preco_por_kg: null,
    preco_por_m3: null,
    preco_minimo: null,
    tipoContainer: '20DC/40HC',
    quantidadeContainer: null,
    volumeCarga: null,
    condicoesPagamento: null,
    taxas: {
      itens: [
        fee('THC', 1350, 'BRL'),
        fee('BL', 75, 'USD'),
        // Spec 001 §5: a TOTAL line is ignored.
        fee('TOTAL', 9999, 'USD'),
      ],
    },
    confidence_overall: 0.92,
    evidence: {},
    reason: null,
    ...overrides,
  };
}

function fee(nome: string, valor: number, moeda: string) {
  return { nome, rotulo: nome, destino: null, unidade: 'CONTAINER', valor, moeda, confidence: 0.9, source };
}

export function makeDados(final: Partial<ExtractionFinal> = {}): DadosExtraidos {
  return {
    final: makeFinal(final),
    detect: {
      source: 'email',
      fileKind: 'text',
      language: 'pt',
      modal: 'MARITIMO',
      numberFormat: 'pt',
      currencies: ['USD', 'BRL'],
      messageDate: null,
      dateOrder: 'dmy',
      confidence: { source: 1, language: 1, modal: 1 },
      reasons: [],
    },
    blocks: [],
    fontes: [{ origem: 'corpo', confidence: 0.92, escolhida: true, motivo: null }],
  };
}

export function makeVersion(overrides: Partial<ResponseVersion> = {}): ResponseVersion {
  return {
    id: 'v-1',
    versao: 1,
    status: 'respondido',
    createdAt: '2026-03-03T15:50:00.000Z',
    extracao: 'concluida',
    extracaoErro: null,
    dadosExtraidos: makeDados(),
    condicoesPagamento: '30 dias após o embarque',
    prazo: null,
    observacoes: null,
    mensagemId: 'm-1',
    origem: 'local',
    registradoPor: null,
    flags: {},
    correcoes: [],
    ...overrides,
  };
}

/** An entry of `recipient` with `versions` (newest first; the first one is current), or pending. */
export function makeEntry(
  recipient: QuoteDetail['destinatarios'][number],
  versions: ResponseVersion[] = [],
  overrides: Partial<ResponseEntry> = {},
): ResponseEntry {
  const atual = versions[0] ?? null;
  // As the server sends it: the current extraction once, at the top level; `versoes` the earlier ones.
  const { dadosExtraidos = null, ...current } = atual ?? {};
  return {
    id: `r-${recipient.transportadorId}`,
    transportadorId: recipient.transportadorId,
    transportador: { nome: recipient.nome, email: recipient.emails[0] ?? '' },
    status: atual ? atual.status : 'pendente',
    condicoesPagamento: atual?.condicoesPagamento ?? null,
    createdAt: atual?.createdAt ?? null,
    prazo: atual?.prazo ?? null,
    observacoes: atual?.observacoes ?? null,
    dadosExtraidos,
    versao: atual?.versao ?? null,
    atual: atual && (current as CurrentVersion),
    versoes: versions.slice(1),
    estadoEnvio: recipient.estadoEnvio,
    enviadoEm: recipient.enviadoEm,
    respondeuEm: atual ? (versions.at(-1)?.createdAt ?? null) : null,
    falhaEntrega: null,
    tempoRespostaMinutos: null,
    ...overrides,
  };
}

/** The entries' form fields as the server reads a multipart body. */
function formOf(request: RecordedRequest): FormData {
  if (!(request.body instanceof FormData)) throw new Error('expected a multipart body');
  return request.body;
}

/**
 * The server's reading of `GET /api/quotes/:id/respostas` and `POST .../respostas/registrar` over
 * `entries`: the carrier must be a recipient, the file an .eml/.msg, the values pass typedValuesSchema.
 * A registration adds a new current version (typed values are extracted at once; a file or text waits
 * for the extraction).
 */
export function fakeResponsesApi(quoteId: string, entries: ResponseEntry[]) {
  const db = { entries };
  let created = 0;

  function register(request: RecordedRequest): StubResponse {
    const form = formOf(request);
    const entry = db.entries.find((item) => item.transportadorId === form.get('transportadorId'));
    if (!entry) return problem(400, 'VALIDATION_FAILED', errorMessages.VALIDATION_FAILED);
    const modo = form.get('modo');
    let dados: DadosExtraidos | null = null;
    if (modo === 'arquivo') {
      const file = form.get('arquivo');
      if (!(file instanceof File) || !/\.(eml|msg)$/i.test(file.name))
        return problem(400, 'VALIDATION_FAILED', 'Envie um arquivo .eml ou .msg.');
    } else if (modo === 'texto') {
      // As the API: text, or files alone (a quote that came as a PDF).
      if (!String(form.get('texto') ?? '').trim() && form.getAll('anexos').length === 0)
        return problem(400, 'RESPONSE_CONTENT_REQUIRED', errorMessages.RESPONSE_CONTENT_REQUIRED);
    } else if (modo === 'valores') {
      const parsed = typedValuesSchema.safeParse(JSON.parse(String(form.get('valores'))));
      if (!parsed.success) return problem(400, 'VALIDATION_FAILED', errorMessages.VALIDATION_FAILED);
      // As the API reads them (formAnswerResult): each typed price a freight line, with its port and minimum.
      const fretes = parsed.data.fretes.map((row) => ({
        destino: row.destino,
        unidade: row.unidade,
        valor: row.valor,
        moeda: row.moeda,
        minimo: row.minimo ?? null,
        confidence: 1,
        source,
      }));
      const price = (size: string) => fretes.find((row) => row.unidade.startsWith(size))?.valor ?? null;
      dados = makeDados({
        preco_por_container_20: parsed.data.frete20 ?? price('20'),
        preco_por_container_40: parsed.data.frete40 ?? price('40'),
        moeda: parsed.data.moeda,
        fretes,
        taxas: { itens: parsed.data.taxas.map((item) => fee(item.nome, item.valor, item.moeda)) },
        confidence_overall: 1,
      });
    } else return problem(400, 'VALIDATION_FAILED', errorMessages.VALIDATION_FAILED);

    created += 1;
    const version = makeVersion({
      id: `registrada-${created}`,
      versao: versionsOfEntry(entry).length + 1,
      createdAt: new Date().toISOString(),
      extracao: dados ? 'concluida' : 'pendente',
      dadosExtraidos: dados,
      origem: 'manual',
      registradoPor: 'Ana Souza',
      mensagemId: null,
    });
    const updated = replaceVersions(entry, [version, ...versionsOfEntry(entry)]);
    return { status: 201, body: { data: updated, message: REGISTERED_MESSAGE } };
  }

  /** The carrier's entry with `versions` (newest first), stored in place of the old one. */
  function replaceVersions(entry: ResponseEntry, versions: ResponseVersion[]): ResponseEntry {
    const updated = makeEntry(
      {
        transportadorId: entry.transportadorId,
        nome: entry.transportador.nome,
        emails: [entry.transportador.email],
        estadoEnvio: entry.estadoEnvio,
        enviadoEm: entry.enviadoEm,
        respondeuEm: entry.respondeuEm,
        falhaEntrega: entry.falhaEntrega,
      },
      versions,
    );
    db.entries = db.entries.map((item) => (item.transportadorId === entry.transportadorId ? updated : item));
    return updated;
  }

  /** 'Confirmar remetente': a held version becomes current; the current one only loses its doubt. */
  function confirmSender(respostaId: string): StubResponse {
    const entry = db.entries.find((item) =>
      versionsOfEntry(item).some((version) => version.id === respostaId),
    );
    const target = entry && versionsOfEntry(entry).find((version) => version.id === respostaId);
    if (!entry || !target) return problem(404, 'RESPONSE_NOT_FOUND', errorMessages.RESPONSE_NOT_FOUND);
    if (!target.remetenteNaoVerificado || target.remetenteConfirmadoEm)
      return problem(409, 'SENDER_CONFIRMATION_NOT_PENDING', errorMessages.SENDER_CONFIRMATION_NOT_PENDING);
    const confirmed: ResponseVersion = {
      ...target,
      aguardandoConfirmacao: false,
      remetenteConfirmadoPor: 'Ana Souza',
      remetenteConfirmadoEm: new Date().toISOString(),
    };
    const others = versionsOfEntry(entry).filter((version) => version.id !== respostaId);
    const updated = replaceVersions(entry, [confirmed, ...others]);
    return { body: { data: updated, message: SENDER_CONFIRMED_MESSAGE } };
  }

  /** 'Tentar ler de novo': the version goes back to being read (the API's 409 while it is). */
  function readAgain(respostaId: string): StubResponse {
    const entry = db.entries.find((item) =>
      versionsOfEntry(item).some((version) => version.id === respostaId),
    );
    const target = entry && versionsOfEntry(entry).find((version) => version.id === respostaId);
    if (!entry || !target) return problem(404, 'RESPONSE_NOT_FOUND', errorMessages.RESPONSE_NOT_FOUND);
    if (target.extracao === 'pendente')
      return problem(409, 'RESPONSE_EXTRACTING', errorMessages.RESPONSE_EXTRACTING);
    const reading: ResponseVersion = { ...target, extracao: 'pendente', extracaoErro: null };
    const others = versionsOfEntry(entry).filter((version) => version.id !== respostaId);
    const updated = replaceVersions(entry, [reading, ...others]);
    return { body: { data: updated, message: successMessages.extractionRestarted } };
  }

  /** 'Desfazer atribuição': the assigned version goes; the one before it is current again, or none. */
  function undoAssignment(respostaId: string): StubResponse {
    const entry = db.entries.find((item) =>
      versionsOfEntry(item).some((version) => version.id === respostaId),
    );
    const target = entry && versionsOfEntry(entry).find((version) => version.id === respostaId);
    if (!entry || !target) return problem(404, 'RESPONSE_NOT_FOUND', errorMessages.RESPONSE_NOT_FOUND);
    if (!target.atribuida)
      return problem(409, 'ASSIGNMENT_UNDO_NOT_ASSIGNED', errorMessages.ASSIGNMENT_UNDO_NOT_ASSIGNED);
    replaceVersions(
      entry,
      versionsOfEntry(entry).filter((version) => version.id !== respostaId),
    );
    return { body: { message: successMessages.assignmentUndone } };
  }

  /** 'Contar como resposta': the set-aside message becomes version 1, its figures still being read. */
  function countSetAside(mensagemId: string): StubResponse {
    const entry = db.entries.find((item) => item.respostaAutomatica?.mensagemId === mensagemId);
    if (!entry) return problem(404, 'MESSAGE_NOT_FOUND', errorMessages.MESSAGE_NOT_FOUND);
    const version = makeVersion({
      id: `v-${mensagemId}`,
      versao: versionsOfEntry(entry).length + 1,
      createdAt: entry.respostaAutomatica!.recebidaEm,
      extracao: 'pendente',
      dadosExtraidos: null,
      mensagemId,
    });
    const updated = replaceVersions(entry, [version, ...versionsOfEntry(entry)]);
    return { body: { data: updated, message: SET_ASIDE_COUNTED_MESSAGE } };
  }

  const routes: Record<string, Handler | StubResponse> = {
    [`GET /api/quotes/${quoteId}/respostas`]: () => ({ body: { data: structuredClone(db.entries) } }),
    [`POST /api/quotes/${quoteId}/respostas/registrar`]: register,
  };
  for (const entry of entries) {
    const setAside = entry.respostaAutomatica;
    if (setAside)
      routes[`POST /api/quotes/${quoteId}/mensagens/${setAside.mensagemId}/contar-como-resposta`] = () =>
        countSetAside(setAside.mensagemId);
  }
  for (const entry of entries)
    for (const version of versionsOfEntry(entry)) {
      routes[`POST /api/quotes/${quoteId}/respostas/${version.id}/confirmar-remetente`] = () =>
        confirmSender(version.id);
      routes[`POST /api/quotes/${quoteId}/respostas/${version.id}/ler-de-novo`] = () => readAgain(version.id);
      routes[`POST /api/quotes/${quoteId}/respostas/${version.id}/desfazer-atribuicao`] = () =>
        undoAssignment(version.id);
    }
  return { db, routes };
}
