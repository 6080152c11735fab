import { foldAccents } from '@cotacoes/shared/rules/fold';
import {
  GRUPO_CARD_MEMBERS,
  type Grupo,
  type GrupoCartao,
  type GrupoResumo,
  type Transportador,
} from '@cotacoes/shared/schemas/carriers';
import type { CarrierHint } from '@cotacoes/shared/schemas/hints';
import type { Handler, RecordedRequest, StubResponse } from '@/testing/network';

/** Fixed uuids: the shared schemas (used by the forms) only accept uuids as group ids. */
export const ids = {
  g1: '10000000-0000-4000-8000-000000000001',
  g2: '10000000-0000-4000-8000-000000000002',
  g3: '10000000-0000-4000-8000-000000000003',
  a1: '20000000-0000-4000-8000-000000000001',
  a2: '20000000-0000-4000-8000-000000000002',
  a3: '20000000-0000-4000-8000-000000000003',
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

const fold = (text: string) => foldAccents(text).toLowerCase();

/** A group as `resumo=true` answers it: the number of its members instead of the members. */
export function groupSummary({ transportadores, ...grupo }: Grupo): GrupoResumo {
  return { ...grupo, totalTransportadores: transportadores.length };
}

/** A group as a page of the 'Grupos' tab answers it: its count and its first members by name. */
export function groupCard(grupo: Grupo): GrupoCartao {
  const first = [...grupo.transportadores]
    .sort((a, b) => fold(a.nome).localeCompare(fold(b.nome)))
    .slice(0, GRUPO_CARD_MEMBERS);
  return { ...groupSummary(grupo), primeirosTransportadores: first };
}

function params(request: RecordedRequest) {
  return new URL(request.url, 'http://localhost').searchParams;
}

function paginate<T>(
  items: T[],
  request: RecordedRequest,
): T[] | { data: T[]; total: number; totalPages: number; page: number } {
  const query = params(request);
  if (!query.has('page') && !query.has('limit')) return items;
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 50);
  return {
    data: items.slice((page - 1) * limit, page * limit),
    total: items.length,
    totalPages: Math.ceil(items.length / limit),
    page,
  };
}

/**
 * The server's reading of the lists (search on name or e-mail, accent-insensitive; `grupos` as OR;
 * pagination), over data the test can change, so what the screen sends is what decides what it shows.
 */
export function fakeApi(
  data: { carriers?: Transportador[]; groups?: Grupo[]; hints?: Record<string, CarrierHint[]> } = {},
) {
  const db = {
    carriers: data.carriers ?? makeCarriers(),
    groups: data.groups ?? makeGroups(),
    hints: data.hints ?? {},
  };

  function matchingCarriers(request: RecordedRequest) {
    const query = params(request);
    const search = fold(query.get('search') ?? '');
    const grupos = (query.get('grupos') ?? '').split(',').filter(Boolean);
    return db.carriers.filter(
      (carrier) =>
        (!search || fold(`${carrier.nome} ${carrier.email}`).includes(search)) &&
        (grupos.length === 0 || carrier.grupos.some((grupo) => grupos.includes(grupo.id))),
    );
  }

  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/transporters': (request) => ({ body: paginate(matchingCarriers(request), request) }),
    'GET /api/transporters/ids': (request) => {
      const found = matchingCarriers(request);
      return { body: { ids: found.map((carrier) => carrier.id), total: found.length } };
    },
    'GET /api/groups': (request) => {
      const search = fold(params(request).get('search') ?? '');
      const found = db.groups.filter(
        (grupo) => !search || fold(`${grupo.nome} ${grupo.descricao ?? ''}`).includes(search),
      );
      const paged = params(request).has('page') || params(request).has('limit');
      const body =
        params(request).get('resumo') === 'true'
          ? paged
            ? paginate(found.map(groupCard), request)
            : found.map(groupSummary)
          : paginate(found, request);
      return { body };
    },
  };
  // A carrier's hints (ADR 0101): listed, and removed one by one.
  for (const carrier of db.carriers) {
    routes[`GET /api/transporters/${carrier.id}/hints`] = () => ({ body: db.hints[carrier.id] ?? [] });
    for (const hint of db.hints[carrier.id] ?? [])
      routes[`DELETE /api/transporters/${carrier.id}/hints/${hint.id}`] = () => {
        db.hints[carrier.id] = (db.hints[carrier.id] ?? []).filter((other) => other.id !== hint.id);
        return { body: { message: 'Aprendizado removido.' } };
      };
  }
  return { db, routes };
}

/** Hints as the server lists them: a container type learnt from a correction and an ignored label. */
export function makeHints(): CarrierHint[] {
  return [
    {
      id: '30000000-0000-4000-8000-000000000001',
      tipo: 'unidade',
      alvo: 'frete',
      rotulo: 'O/F',
      valor: '40HC',
      descricao: '"O/F" é o preço por contêiner 40HC',
      criadoPor: 'Ana Analista',
      criadoEm: '2026-11-03T13:00:00.000Z',
      vezesAplicada: 2,
      ultimaAplicacao: '2026-11-19T18:40:00.000Z',
      origem: {
        cotacaoId: '40000000-0000-4000-8000-000000000001',
        codigo: 'COT-2026-0042',
        campo: 'fretes.0.unidade',
      },
    },
    {
      id: '30000000-0000-4000-8000-000000000002',
      tipo: 'ignorar',
      alvo: 'taxa',
      rotulo: 'Valor estimado do seguro',
      valor: null,
      descricao: '"Valor estimado do seguro" não é uma cobrança e é deixada de fora',
      criadoPor: null,
      criadoEm: '2026-11-03T13:05:00.000Z',
      vezesAplicada: 0,
      ultimaAplicacao: null,
      origem: null,
    },
  ];
}
