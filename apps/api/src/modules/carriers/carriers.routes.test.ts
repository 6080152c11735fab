import type { Grupo, Transportador } from '@cotacoes/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  type Call,
  caller,
  companyWithSupervisor,
  member,
  signUp,
  validCnpj,
} from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import {
  auditLog,
  grupoTransportadores,
  transportadorEmails,
  transportadores,
} from '../../db/schema/index.js';

let ctx: TestContext;
let call: Call;
let a: { supervisor: Actor; analista: Actor; empresaId: string };
let b: { supervisor: Actor; empresaId: string };
let semEmpresa: Actor;

beforeAll(async () => {
  ctx = await createTestApp({ CNPJ_API_URL: 'http://127.0.0.1:9/off' });
  call = caller(ctx);
  const companyA = await companyWithSupervisor(ctx, 'sup@alfa.com.br', 'Alfa', validCnpj(3001));
  const analista = await member(
    ctx,
    companyA.supervisor.token,
    companyA.empresaId,
    'ana@alfa.com.br',
    'analista',
  );
  a = { ...companyA, analista };
  b = await companyWithSupervisor(ctx, 'sup@beta.com.br', 'Beta', validCnpj(3002));
  semEmpresa = await signUp(ctx, 'solto@teste.com.br');
});
afterAll(async () => {
  await ctx?.close();
});

async function createCarrier(token: string, body: Record<string, unknown>): Promise<Transportador> {
  const response = await call('POST', '/api/transporters', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function createGroup(token: string, body: Record<string, unknown>): Promise<Grupo> {
  const response = await call('POST', '/api/groups', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function counts() {
  const db = ctx.app.services.database.db;
  return {
    transportadores: (await db.select().from(transportadores)).length,
    emails: (await db.select().from(transportadorEmails)).length,
    membros: (await db.select().from(grupoTransportadores)).length,
  };
}

describe('carriers', () => {
  it('creates a carrier with e-mails normalised (one row per address, lower-case, blanks dropped) and answers the spec shape', async () => {
    const asia = await createGroup(a.supervisor.token, { nome: 'Ásia Marítimo' });
    const carrier = await createCarrier(a.analista.token, {
      nome: '  Navegação Atlântica  ',
      email: ' Comercial@Atlantica.com.br ; ;pricing@atlantica.com.br;COMERCIAL@atlantica.com.br',
      grupos: [asia.id],
      ativo: true,
    });
    expect(carrier).toEqual({
      id: expect.any(String),
      nome: 'Navegação Atlântica',
      email: 'comercial@atlantica.com.br;pricing@atlantica.com.br',
      grupos: [{ id: asia.id, nome: 'Ásia Marítimo', cor: '#0066CC' }],
      ativo: true,
    });
    const rows = await ctx.app.services.database.db
      .select()
      .from(transportadorEmails)
      .where(eq(transportadorEmails.transportadorId, carrier.id));
    expect(rows.map((row) => row.email).sort()).toEqual([
      'comercial@atlantica.com.br',
      'pricing@atlantica.com.br',
    ]);
    const audit = await ctx.app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transportador.create'), eq(auditLog.entityId, carrier.id)));
    expect(audit).toHaveLength(1);
  });

  it('is created active by default and accepts an array of e-mails', async () => {
    const carrier = await createCarrier(a.supervisor.token, {
      nome: 'Sem Grupo',
      email: ['x1@semgrupo.com'],
    });
    expect(carrier.ativo).toBe(true);
    expect(carrier.grupos).toEqual([]);
  });

  it.each([
    [{ nome: '   ', email: 'ok@ok.com' }, 'O nome do agente de carga é obrigatório.'],
    [{ email: 'ok@ok.com' }, 'O nome do agente de carga é obrigatório.'],
    [{ nome: 'X', email: ' ; ; ' }, 'Pelo menos um email deve ser fornecido'],
    [{ nome: 'X' }, 'Pelo menos um email deve ser fornecido'],
    [{ nome: 'X', email: 'bom@ok.com;sem-arroba.com' }, 'E-mail inválido: sem-arroba.com'],
    [{ nome: 'X', email: 'com espaco@ok.com' }, 'E-mail inválido: com espaco@ok.com'],
    [{ nome: 'X', email: 'ok@ok.com', grupos: ['nao-e-uuid'] }, 'Identificador inválido.'],
    [{ nome: 'X', email: 'ok@ok.com', extra: 1 }, 'Campo não permitido: extra'],
  ])('rejects %j with "%s" and writes nothing', async (body, message) => {
    const before = await counts();
    const response = await call('POST', '/api/transporters', a.supervisor.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses an address already used by another carrier of the company, naming it; another company may use it', async () => {
    await createCarrier(a.supervisor.token, { nome: 'Maersk Brasil', email: 'pricing@maersk.com' });
    const before = await counts();
    const response = await call('POST', '/api/transporters', a.analista.token, {
      nome: 'Outro',
      email: 'novo@outro.com;PRICING@maersk.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'O e-mail pricing@maersk.com já está cadastrado no agente de carga "Maersk Brasil".',
    );
    expect(await counts()).toEqual(before);
    await createCarrier(b.supervisor.token, { nome: 'Maersk (Beta)', email: 'pricing@maersk.com' });
  });

  it('refuses a second carrier of the same name (case and accents aside), on create and rename; another company may', async () => {
    const mare = await createCarrier(a.supervisor.token, {
      nome: 'Maré Alta Logística',
      email: 'comercial@marealta.com.br',
    });
    const before = await counts();
    const again = await call('POST', '/api/transporters', a.analista.token, {
      nome: '  mare alta logistica ',
      email: 'outro@marealta.com.br',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Já existe um agente de carga chamado "Maré Alta Logística". Para outro contato da mesma empresa, adicione o e-mail a ele.',
    );
    expect(await counts()).toEqual(before);
    const other = await createCarrier(a.supervisor.token, {
      nome: 'Rota Norte',
      email: 'fretes@rotanorte.com',
    });
    const renamed = await call('PATCH', `/api/transporters/${other.id}`, a.supervisor.token, {
      nome: 'MARÉ ALTA LOGÍSTICA',
    });
    expect(renamed.statusCode).toBe(409);
    // Its own name, saved again, is no conflict; nor is the name in another company.
    const same = await call('PATCH', `/api/transporters/${mare.id}`, a.supervisor.token, {
      nome: 'Maré Alta Logística',
    });
    expect(same.statusCode, same.body).toBe(200);
    await createCarrier(b.supervisor.token, {
      nome: 'Maré Alta Logística',
      email: 'comercial@marealta.com.br',
    });
  });

  it('answers 404 for an unknown group id and for a group of another company, writing nothing', async () => {
    const foreign = await createGroup(b.supervisor.token, { nome: 'Grupo da Beta' });
    const before = await counts();
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('POST', '/api/transporters', a.supervisor.token, {
        nome: 'Com grupo alheio',
        email: `alheio-${id.slice(0, 4)}@x.com`,
        grupos: [id],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Grupo não encontrado.');
    }
    expect(await counts()).toEqual(before);
  });

  it('updates fully or only the groups; a foreign carrier answers 404', async () => {
    const g1 = await createGroup(a.supervisor.token, { nome: 'Europa' });
    const g2 = await createGroup(a.supervisor.token, { nome: 'Américas' });
    const carrier = await createCarrier(a.supervisor.token, {
      nome: 'Kuehne',
      email: 'a@kuehne.com',
      grupos: [g1.id],
    });
    const full = await call('PATCH', `/api/transporters/${carrier.id}`, a.analista.token, {
      nome: 'Kuehne + Nagel',
      email: 'b@kuehne.com;a@kuehne.com',
      grupos: [g1.id, g2.id],
      ativo: false,
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({
      nome: 'Kuehne + Nagel',
      email: 'b@kuehne.com;a@kuehne.com',
      ativo: false,
      grupos: [
        { id: g2.id, nome: 'Américas' },
        { id: g1.id, nome: 'Europa' },
      ],
    });
    const onlyGroups = await call('PATCH', `/api/transporters/${carrier.id}`, a.analista.token, {
      grupos: [g2.id],
    });
    expect(onlyGroups.json()).toMatchObject({ nome: 'Kuehne + Nagel', email: 'b@kuehne.com;a@kuehne.com' });
    expect(onlyGroups.json().grupos.map((g: { id: string }) => g.id)).toEqual([g2.id]);

    const foreign = await call('PATCH', `/api/transporters/${carrier.id}`, b.supervisor.token, {
      nome: 'Roubado',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Agente de carga não encontrado.');
  });

  it('refuses an update that takes another carrier’s address or blanks every address', async () => {
    const one = await createCarrier(a.supervisor.token, { nome: 'Um', email: 'um@frete.com' });
    await createCarrier(a.supervisor.token, { nome: 'Dois', email: 'dois@frete.com' });
    const taken = await call('PATCH', `/api/transporters/${one.id}`, a.supervisor.token, {
      email: 'dois@frete.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('"Dois"');
    const blank = await call('PATCH', `/api/transporters/${one.id}`, a.supervisor.token, { email: ' ; ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Pelo menos um email deve ser fornecido');
    // Keeping its own address is not a conflict.
    const same = await call('PATCH', `/api/transporters/${one.id}`, a.supervisor.token, {
      email: 'UM@frete.com',
    });
    expect(same.statusCode).toBe(200);
  });

  it('soft-deletes: gone from lists and groups, row kept, its address free again', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Para excluir' });
    const carrier = await createCarrier(a.supervisor.token, {
      nome: 'Excluível',
      email: 'sai@frete.com',
      grupos: [grupo.id],
    });
    const foreign = await call('DELETE', `/api/transporters/${carrier.id}`, b.supervisor.token);
    expect(foreign.statusCode).toBe(404);
    const removed = await call('DELETE', `/api/transporters/${carrier.id}`, a.analista.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Agente de carga removido com sucesso!');
    const again = await call('DELETE', `/api/transporters/${carrier.id}`, a.analista.token);
    expect(again.statusCode).toBe(404);

    const list: Transportador[] = (await call('GET', '/api/transporters', a.supervisor.token)).json();
    expect(list.find((t) => t.id === carrier.id)).toBeUndefined();
    const grupos: Grupo[] = (await call('GET', '/api/groups', a.supervisor.token)).json();
    expect(grupos.find((g) => g.id === grupo.id)?.transportadores).toEqual([]);
    const [row] = await ctx.app.services.database.db
      .select()
      .from(transportadores)
      .where(eq(transportadores.id, carrier.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await createCarrier(a.supervisor.token, { nome: 'Reaproveita', email: 'sai@frete.com' });
  });

  it('needs a company: 403 with the company message', async () => {
    const response = await call('GET', '/api/transporters', semEmpresa.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMPRESA_REQUIRED');
  });
});

describe('lists, search and filters', () => {
  let empresa: { supervisor: Actor; empresaId: string };
  let maritimo: Grupo;
  let aereo: Grupo;
  let vazio: Grupo;

  beforeAll(async () => {
    empresa = await companyWithSupervisor(ctx, 'sup@gama.com.br', 'Gama', validCnpj(3003));
    const token = empresa.supervisor.token;
    maritimo = await createGroup(token, { nome: 'Marítimo', descricao: 'Fretes de exportação' });
    aereo = await createGroup(token, { nome: 'Aéreo', descricao: 'Cargas urgentes', cor: '#ff0000' });
    vazio = await createGroup(token, { nome: 'Vazio' });
    await createCarrier(token, {
      nome: 'Navegação São Paulo',
      email: 'ops@nsp.com.br',
      grupos: [maritimo.id],
    });
    await createCarrier(token, { nome: 'AirCargo Express', email: 'quote@aircargo.com', grupos: [aereo.id] });
    await createCarrier(token, {
      nome: 'Logística Ágil',
      email: 'comercial@agil.com.br;navegacao@agil.com.br',
      grupos: [maritimo.id, aereo.id],
    });
    await createCarrier(token, { nome: 'Zeta Sem Grupo', email: 'zeta@zeta.com' });
  });

  const names = (list: Transportador[]) => list.map((t) => t.nome);

  it('lists every carrier of the company by name as an array, and none of another company', async () => {
    const response = await call('GET', '/api/transporters', empresa.supervisor.token);
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual([
      'AirCargo Express',
      'Logística Ágil',
      'Navegação São Paulo',
      'Zeta Sem Grupo',
    ]);
  });

  it('search ignores case and accents, on name or e-mail', async () => {
    const search = async (term: string) =>
      names(
        (
          await call('GET', `/api/transporters?search=${encodeURIComponent(term)}`, empresa.supervisor.token)
        ).json(),
      );
    expect(await search('navegacao')).toEqual(['Logística Ágil', 'Navegação São Paulo']); // e-mail and name
    expect(await search('SAO PAULO')).toEqual(['Navegação São Paulo']);
    expect(await search('logistica agil')).toEqual(['Logística Ágil']);
    expect(await search('AIRCARGO.COM')).toEqual(['AirCargo Express']);
    expect(await search('100%_')).toEqual([]);
  });

  it('filters by groups (OR) and combines with search; an unknown or foreign group answers 404', async () => {
    const filter = async (query: string) =>
      (await call('GET', `/api/transporters?${query}`, empresa.supervisor.token)).json();
    expect(names(await filter(`grupos=${maritimo.id}`))).toEqual(['Logística Ágil', 'Navegação São Paulo']);
    expect(names(await filter(`grupos=${maritimo.id},${aereo.id}`))).toEqual([
      'AirCargo Express',
      'Logística Ágil',
      'Navegação São Paulo',
    ]);
    expect(names(await filter(`grupos=${maritimo.id}&search=agil`))).toEqual(['Logística Ágil']);
    expect(await filter(`grupos=${vazio.id}`)).toEqual([]);
    const foreign = await createGroup(b.supervisor.token, { nome: 'Só da Beta' });
    const response = await call('GET', `/api/transporters?grupos=${foreign.id}`, empresa.supervisor.token);
    expect(response.statusCode).toBe(404);
    const bad = await call('GET', '/api/transporters?grupos=abc', empresa.supervisor.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filtro de grupos inválido.');
  });

  it('paginates with page and limit: {data, total, totalPages, page}', async () => {
    const first = (await call('GET', '/api/transporters?page=1&limit=3', empresa.supervisor.token)).json();
    expect(first).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect(names(first.data)).toEqual(['AirCargo Express', 'Logística Ágil', 'Navegação São Paulo']);
    const second = (await call('GET', '/api/transporters?page=2&limit=3', empresa.supervisor.token)).json();
    expect(names(second.data)).toEqual(['Zeta Sem Grupo']);
    const filtered = (
      await call('GET', `/api/transporters?page=1&limit=10&grupos=${aereo.id}`, empresa.supervisor.token)
    ).json();
    expect(filtered).toMatchObject({ total: 2, totalPages: 1, page: 1 });
    const tooMany = await call('GET', '/api/transporters?limit=1000', empresa.supervisor.token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('O limite máximo é 200 por página.');
  });

  it('answers every matching id for "Selecionar Todos"', async () => {
    const response = await call('GET', `/api/transporters/ids?grupos=${aereo.id}`, empresa.supervisor.token);
    expect(response.json().total).toBe(2);
    expect(response.json().ids).toHaveLength(2);
  });

  it('lists groups with members and pt-BR creation date; search on name or description ignoring accents', async () => {
    const grupos: Grupo[] = (await call('GET', '/api/groups', empresa.supervisor.token)).json();
    expect(grupos.map((g) => g.nome)).toEqual(['Aéreo', 'Marítimo', 'Vazio']);
    const aer = grupos[0]!;
    expect(aer).toMatchObject({ cor: '#FF0000', descricao: 'Cargas urgentes', ativo: true });
    expect(aer.data_criacao).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(aer.transportadores.map((t) => t.nome)).toEqual(['AirCargo Express', 'Logística Ágil']);
    const search = async (term: string) =>
      (
        (
          await call('GET', `/api/groups?search=${encodeURIComponent(term)}`, empresa.supervisor.token)
        ).json() as Grupo[]
      ).map((g) => g.nome);
    expect(await search('maritimo')).toEqual(['Marítimo']);
    expect(await search('EXPORTACAO')).toEqual(['Marítimo']);
    expect(await search('urgente')).toEqual(['Aéreo']);
    const page = (await call('GET', '/api/groups?page=2&limit=2', empresa.supervisor.token)).json();
    expect(page).toMatchObject({ total: 3, totalPages: 2, page: 2 });
  });

  it('resumo=true answers the groups without members, with their number kept by the triggers', async () => {
    const token = empresa.supervisor.token;
    const summary = async () =>
      (await call('GET', '/api/groups?resumo=true', token)).json() as (Omit<Grupo, 'transportadores'> & {
        totalTransportadores: number;
      })[];
    const first = await summary();
    expect(first.map((g) => [g.nome, g.totalTransportadores])).toEqual([
      ['Aéreo', 2],
      ['Marítimo', 2],
      ['Vazio', 0],
    ]);
    expect(first[0]).not.toHaveProperty('transportadores');
    expect(first[0]).toMatchObject({ cor: '#FF0000', descricao: 'Cargas urgentes', ativo: true });
    const paged = (await call('GET', '/api/groups?resumo=true&page=1&limit=1', token)).json();
    expect(paged).toMatchObject({ total: 3, totalPages: 3, page: 1 });
    expect(paged.data[0]).toMatchObject({ nome: 'Aéreo', totalTransportadores: 2 });
    // A page of cards: each group's first members by name (here all of them: 2 ≤ 5), never a member list.
    const cards = (await call('GET', '/api/groups?resumo=true&page=1&limit=10', token)).json();
    const everyMember = (await call('GET', '/api/groups', token)).json() as Grupo[];
    expect(
      cards.data.map((g: { nome: string; primeirosTransportadores: unknown }) => [
        g.nome,
        g.primeirosTransportadores,
      ]),
    ).toEqual(everyMember.map((g) => [g.nome, g.transportadores.slice(0, 5)]));
    expect(cards.data[0]).not.toHaveProperty('transportadores');
    // The same group fields as the summary (dates included), and the search by name or description
    // without case or accents.
    expect(cards.data.map(({ primeirosTransportadores: _, ...g }: Record<string, unknown>) => g)).toEqual(
      first,
    );
    const cardNames = async (search: string) =>
      (await call('GET', `/api/groups?resumo=true&page=1&limit=10&search=${search}`, token))
        .json()
        .data.map((g: { nome: string }) => g.nome);
    expect(await cardNames('URGENTES')).toEqual(['Aéreo']);
    expect(await cardNames('maritimo')).toEqual(['Marítimo']);
    expect(await cardNames('50%25')).toEqual([]);
    // The cards' statement writes the search condition the other group lists build with drizzle
    // (groupFilter): both must match the same groups, and a page past the end counts them the same.
    for (const term of ['URGENTES', 'maritimo', 'o', 'A%C3%89REO', 'nada']) {
      const summaryNames = (await call('GET', `/api/groups?resumo=true&search=${term}`, token))
        .json()
        .map((g: { nome: string }) => g.nome);
      expect(await cardNames(term), term).toEqual(summaryNames);
      const pastEnd = await call('GET', `/api/groups?resumo=true&page=5&limit=1&search=${term}`, token);
      expect(pastEnd.json().total, term).toBe(summaryNames.length);
    }
    expect((await call('GET', '/api/groups?resumo=true&page=9&limit=10', token)).json()).toMatchObject({
      data: [],
      total: 3,
      page: 9,
    });
    expect((await call('GET', '/api/groups?resumo=talvez', token)).statusCode).toBe(400);

    // Joining, leaving, a carrier's removal (soft delete) and a group's removal all move the counts.
    const temp = await createCarrier(token, {
      nome: 'Temporária',
      email: 'temp@temp.com',
      grupos: [vazio.id],
    });
    await call('POST', `/api/groups/${maritimo.id}/transporters/${temp.id}`, token);
    const joined = await summary();
    expect(joined.map((g) => g.totalTransportadores)).toEqual([2, 3, 1]);
    await call('DELETE', `/api/groups/${maritimo.id}/transporters/${temp.id}`, token);
    expect((await call('DELETE', `/api/transporters/${temp.id}`, token)).statusCode).toBe(200);
    expect((await summary()).map((g) => g.totalTransportadores)).toEqual([2, 2, 0]);
    const full: Grupo[] = (await call('GET', '/api/groups', token)).json();
    expect(full.map((g) => g.transportadores.length)).toEqual([2, 2, 0]);

    // A group of 7: its card names the first 5 by name without case or accents, and counts 7.
    const names = [
      'Zeta Cargas',
      'ágil Cargas',
      'Beta Cargas',
      'Delta Cargas',
      'Épsilon Cargas',
      'Gama Cargas',
      'Ômega Cargas',
    ];
    const seven = [];
    for (const [index, nome] of names.entries())
      seven.push(await createCarrier(token, { nome, email: `sete${index}@sete.com`, grupos: [vazio.id] }));
    const big = (await call('GET', '/api/groups?resumo=true&page=1&limit=10&search=vazio', token)).json();
    expect(big.data).toHaveLength(1);
    expect(big.data[0].totalTransportadores).toBe(7);
    expect(big.data[0].primeirosTransportadores.map((m: { nome: string }) => m.nome)).toEqual([
      'ágil Cargas',
      'Beta Cargas',
      'Delta Cargas',
      'Épsilon Cargas',
      'Gama Cargas',
    ]);
    for (const carrier of seven) await call('DELETE', `/api/transporters/${carrier.id}`, token);
    expect((await summary()).map((g) => g.totalTransportadores)).toEqual([2, 2, 0]);
  });

  it('keeps the per-company carrier count equal to a real count through every kind of write', async () => {
    const db = ctx.app.services.database.db;
    const token = empresa.supervisor.token;
    const stored = async () =>
      Object.fromEntries(
        (
          await db.execute(
            sql`select empresa_id as "empresaId", total from transportador_contagens order by empresa_id`,
          )
        ).rows.map((row) => [row.empresaId as string, Number(row.total)]),
      );
    const real = async () =>
      Object.fromEntries(
        (
          await db.execute(
            sql`select empresa_id as "empresaId", count(*)::int as total from transportadores
              where deleted_at is null group by empresa_id order by empresa_id`,
          )
        ).rows.map((row) => [row.empresaId as string, Number(row.total)]),
      );
    const extra = await createCarrier(token, { nome: 'Extra', email: 'extra@extra.com' });
    expect(await stored()).toEqual(await real());
    await call('DELETE', `/api/transporters/${extra.id}`, token);
    expect(await stored()).toEqual(await real());
    // A restore and a hard delete written by hand are counted too.
    await db.execute(sql`update transportadores set deleted_at = null where id = ${extra.id}`);
    expect(await stored()).toEqual(await real());
    await db.execute(sql`delete from transportadores where id = ${extra.id}`);
    expect(await stored()).toEqual(await real());
    const page = (await call('GET', '/api/transporters?page=1&limit=1', token)).json();
    expect(page.total).toBe((await real())[empresa.empresaId]);
  });

  it('a search counts up to 100 matches (totalLimitado beyond) and still serves later pages', async () => {
    const token = empresa.supervisor.token;
    const db = ctx.app.services.database.db;
    await db.execute(sql`insert into transportadores (empresa_id, nome)
      select ${empresa.empresaId}, 'Ômega ' || lpad(n::text, 3, '0') from generate_series(1, 120) n`);
    const page = async (query: string, search = 'omega') =>
      (await call('GET', `/api/transporters?search=${encodeURIComponent(search)}&${query}`, token)).json();
    const first = await page('page=1&limit=50');
    expect(first).toMatchObject({ total: 100, totalPages: 2, page: 1, totalLimitado: true });
    expect(first.data.map((c: Transportador) => c.nome).slice(0, 2)).toEqual(['Ômega 001', 'Ômega 002']);
    const names = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `Ômega ${String(from + i).padStart(3, '0')}`);
    // Within the first 101 matches the page is cut from them; a page that reaches past them is walked to.
    const second = await page('page=2&limit=50');
    expect(second.data.map((c: Transportador) => c.nome)).toEqual(names(51, 50));
    expect(second).toMatchObject({ total: 100, totalLimitado: true });
    const straddling = await page('page=4&limit=30');
    expect(straddling.data.map((c: Transportador) => c.nome)).toEqual(names(91, 30));
    const none = await page('page=1&limit=50', 'omega 999');
    expect(none).toMatchObject({ data: [], total: 0 });
    const third = await page('page=3&limit=50');
    expect(third.data.map((c: Transportador) => c.nome)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Ômega ${String(101 + i)}`),
    );
    const exact = await page('page=1&limit=50', 'omega 11');
    expect(exact).toMatchObject({ total: 10, totalPages: 1 }); // Ômega 110 to 119
    expect(exact).not.toHaveProperty('totalLimitado');
    // Without a search the total is the company's, uncapped.
    const all = (await call('GET', '/api/transporters?page=1&limit=1', token)).json();
    expect(all.total).toBeGreaterThan(120);
    expect(all).not.toHaveProperty('totalLimitado');
    await db.execute(sql`delete from transportadores where nome like 'Ômega %'`);
  });
});

describe('groups', () => {
  it('creates with default colour, omits an empty description, and refuses a blank or duplicate name', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Sul', descricao: '' });
    expect(grupo).toMatchObject({
      nome: 'Sul',
      descricao: null,
      cor: '#0066CC',
      ativo: true,
      transportadores: [],
    });
    const blank = await call('POST', '/api/groups', a.supervisor.token, { nome: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Nome do grupo é obrigatório');
    const duplicate = await call('POST', '/api/groups', a.supervisor.token, { nome: 'SUL' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe um grupo chamado "Sul".');
    const badColour = await call('POST', '/api/groups', a.supervisor.token, { nome: 'Cor', cor: 'azul' });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().message).toBe('Cor inválida. Use o formato hexadecimal, por exemplo #0066CC.');
    // Another company may use the same name.
    await createGroup(b.supervisor.token, { nome: 'Sul' });
  });

  it('updates and deletes; foreign ids answer 404 and change nothing', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Norte', descricao: 'x' });
    const updated = await call('PATCH', `/api/groups/${grupo.id}`, a.analista.token, {
      nome: 'Norte e Nordeste',
      descricao: 'Portos do N/NE',
      cor: '#00aa00',
      ativo: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ nome: 'Norte e Nordeste', cor: '#00AA00', ativo: false });
    const foreign = await call('PATCH', `/api/groups/${grupo.id}`, b.supervisor.token, { nome: 'Beta' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Grupo não encontrado.');
    expect((await call('DELETE', `/api/groups/${grupo.id}`, b.supervisor.token)).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/groups/${grupo.id}`, a.analista.token);
    expect(removed.json().message).toBe('Grupo removido com sucesso!');
    expect((await call('DELETE', `/api/groups/${grupo.id}`, a.analista.token)).statusCode).toBe(404);
  });

  it('adds and removes one member; repeating is harmless; foreign carrier or group answers 404', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Membros' });
    const carrier = await createCarrier(a.supervisor.token, { nome: 'Membro', email: 'membro@frete.com' });
    const path = `/api/groups/${grupo.id}/transporters/${carrier.id}`;
    const added = await call('POST', path, a.analista.token);
    expect(added.json()).toEqual({
      message: 'Agente de carga adicionado ao grupo com sucesso!',
      alterado: true,
    });
    expect((await call('POST', path, a.analista.token)).json().alterado).toBe(false);
    const foreignCarrier = await createCarrier(b.supervisor.token, {
      nome: 'Da Beta',
      email: 'beta@frete.com',
    });
    const cross = await call(
      'POST',
      `/api/groups/${grupo.id}/transporters/${foreignCarrier.id}`,
      a.analista.token,
    );
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Agente de carga não encontrado.');
    expect((await call('POST', path, b.supervisor.token)).statusCode).toBe(404);
    const removed = await call('DELETE', path, a.analista.token);
    expect(removed.json()).toEqual({
      message: 'Agente de carga removido do grupo com sucesso!',
      alterado: true,
    });
    expect((await call('DELETE', path, a.analista.token)).json().alterado).toBe(false);
  });

  it('bulk add skips agents already in the group and counts only the new ones', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Lote' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await createCarrier(a.supervisor.token, { nome: `Lote ${i}`, email: `lote${i}@frete.com` })).id,
      );
    await call('POST', `/api/groups/${grupo.id}/transporters/${ids[0]}`, a.supervisor.token);
    await call('POST', `/api/groups/${grupo.id}/transporters/${ids[1]}`, a.supervisor.token);
    const response = await call('POST', `/api/groups/${grupo.id}/transporters`, a.analista.token, {
      transportadorIds: ids,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: '3 agente(s) de carga adicionado(s) ao grupo com sucesso!',
      adicionados: 3,
      jaMembros: 2,
    });
    const members = await ctx.app.services.database.db
      .select()
      .from(grupoTransportadores)
      .where(eq(grupoTransportadores.grupoId, grupo.id));
    expect(members).toHaveLength(5);
  });

  it('bulk add with one carrier of another company answers 404 and adds none', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Lote misto' });
    const own = await createCarrier(a.supervisor.token, { nome: 'Próprio', email: 'proprio@frete.com' });
    const foreign = await createCarrier(b.supervisor.token, { nome: 'Alheio', email: 'alheio@frete.com' });
    const response = await call('POST', `/api/groups/${grupo.id}/transporters`, a.supervisor.token, {
      transportadorIds: [own.id, foreign.id],
    });
    expect(response.statusCode).toBe(404);
    const members = await ctx.app.services.database.db
      .select()
      .from(grupoTransportadores)
      .where(eq(grupoTransportadores.grupoId, grupo.id));
    expect(members).toHaveLength(0);
    const empty = await call('POST', `/api/groups/${grupo.id}/transporters`, a.supervisor.token, {
      transportadorIds: [],
    });
    expect(empty.json().message).toBe('Selecione pelo menos um agente de carga.');
  });

  it('deleting a group keeps its carriers', async () => {
    const grupo = await createGroup(a.supervisor.token, { nome: 'Temporário' });
    const carrier = await createCarrier(a.supervisor.token, {
      nome: 'Fica',
      email: 'fica@frete.com',
      grupos: [grupo.id],
    });
    await call('DELETE', `/api/groups/${grupo.id}`, a.supervisor.token);
    const list: Transportador[] = (
      await call('GET', '/api/transporters?search=fica', a.supervisor.token)
    ).json();
    expect(list).toEqual([{ ...carrier, grupos: [] }]);
  });
});
