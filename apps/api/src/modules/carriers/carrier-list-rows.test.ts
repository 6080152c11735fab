import type { Grupo, Transportador } from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred } from '../../../test/deferred.js';
import { type Call, caller, companyWithSupervisor, validCnpj } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * A carrier list reads each carrier's group ids from its row and keeps the company's groups while their
 * version is unchanged (migration 0015, triggers). These tests change memberships and groups with plain
 * SQL, the way no route of ours would (as another process or a migration could), and check that the
 * next page shows it: what a list shows is never older than the database.
 */

let ctx: TestContext;
let call: Call;
let token: string;
let empresaId: string;

beforeAll(async () => {
  ctx = await createTestApp({ CNPJ_API_URL: 'http://127.0.0.1:9/off' });
  call = caller(ctx);
  const company = await companyWithSupervisor(ctx, 'sup@rows.com.br', 'Rows', validCnpj(3101));
  token = company.supervisor.token;
  empresaId = company.empresaId;
});
afterAll(async () => {
  await ctx?.close();
});

type Page = { data: Transportador[]; total: number };
const page = async (query = '') => {
  const response = await call('GET', `/api/transporters?page=1&limit=50${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const groupsOf = async (carrierId: string, query = '') =>
  (await page(query)).data.find((c) => c.id === carrierId)?.grupos.map((g) => g.nome);

describe('carrier lists: group ids on the row, the company groups kept by version', () => {
  it('shows every change of groups and memberships at once, in every list form', async () => {
    const db = ctx.app.services.database.db;
    // A group before the company has any carrier (its counter row does not exist yet).
    const created = await call('POST', '/api/groups', token, { nome: 'Zeta Marítimo', cor: '#3B82F6' });
    expect(created.statusCode, created.body).toBe(201);
    const zeta = created.json() as Grupo;
    const carrier = (
      await call('POST', '/api/transporters', token, {
        nome: 'Navegação Atlântico',
        email: 'pricing@atlantico.com.br',
        grupos: [zeta.id],
        ativo: true,
      })
    ).json() as Transportador;
    expect(await groupsOf(carrier.id)).toEqual(['Zeta Marítimo']);

    // A group made and joined by SQL.
    await db.execute(
      sql`insert into grupos (empresa_id, nome, cor) values (${empresaId}, 'Alfa Aéreo', '#10B981')`,
    );
    await db.execute(sql`
      insert into grupo_transportadores (grupo_id, transportador_id, empresa_id)
      select id, ${carrier.id}, empresa_id from grupos where empresa_id = ${empresaId} and nome = 'Alfa Aéreo'`);
    // By name: Alfa before Zeta, in the page, the search, the group filter and the whole array.
    expect(await groupsOf(carrier.id)).toEqual(['Alfa Aéreo', 'Zeta Marítimo']);
    expect(await groupsOf(carrier.id, '&search=atlantico')).toEqual(['Alfa Aéreo', 'Zeta Marítimo']);
    expect(await groupsOf(carrier.id, `&grupos=${zeta.id}`)).toEqual(['Alfa Aéreo', 'Zeta Marítimo']);
    const whole = await call('GET', '/api/transporters', token);
    expect((whole.json() as Transportador[])[0]!.grupos.map((g) => g.nome)).toEqual([
      'Alfa Aéreo',
      'Zeta Marítimo',
    ]);

    // Renamed (now after Zeta) and recoloured.
    await db.execute(
      sql`update grupos set nome = 'Ômega Aéreo', cor = '#EF4444' where empresa_id = ${empresaId} and nome = 'Alfa Aéreo'`,
    );
    const renamed = (await page()).data.find((c) => c.id === carrier.id)!.grupos;
    expect(renamed.map((g) => [g.nome, g.cor])).toEqual([
      ['Ômega Aéreo', '#EF4444'],
      ['Zeta Marítimo', '#3B82F6'],
    ]);

    // Left by SQL, then the group deleted: gone from the rows, and filtering by it is refused.
    await db.execute(
      sql`delete from grupo_transportadores where transportador_id = ${carrier.id} and grupo_id = ${zeta.id}`,
    );
    expect(await groupsOf(carrier.id)).toEqual(['Ômega Aéreo']);
    await db.execute(sql`delete from grupos where id = ${zeta.id}`);
    const refused = await call('GET', `/api/transporters?page=1&limit=50&grupos=${zeta.id}`, token);
    expect(refused.statusCode).toBe(404);
    // Deleting a group drops it from its members' rows too (the cascade).
    await db.execute(sql`delete from grupos where empresa_id = ${empresaId}`);
    expect(await groupsOf(carrier.id)).toEqual([]);
    const [row] = (await db.execute(sql`select grupo_ids from transportadores where id = ${carrier.id}`))
      .rows as { grupo_ids: string }[];
    expect(row!.grupo_ids).toBe('');
  });

  it('pages from the front and from the back give the whole list in order, each carrier once', async () => {
    const db = ctx.app.services.database.db;
    await db.execute(sql`
      insert into transportadores (empresa_id, nome, deleted_at)
      select ${empresaId}, (array['Ásia','asia','Beta','Ômega','Zulu','Cargas','Éden'])[n] || ' ' || (n % 3),
        case when n = 4 then now() end
      from generate_series(1, 7) n`);
    const whole = (await call('GET', '/api/transporters', token)).json() as Transportador[];
    const total = whole.length;
    expect(total).toBeGreaterThanOrEqual(7);
    for (const limit of [1, 2, 3, total, total + 1]) {
      const seen: string[] = [];
      const pages = Math.ceil(total / limit);
      for (let n = 1; n <= pages + 1; n++) {
        const response = await call('GET', `/api/transporters?page=${n}&limit=${limit}`, token);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as Page;
        expect(body.total).toBe(total);
        if (n > pages) expect(body.data).toEqual([]);
        seen.push(...body.data.map((c) => c.id));
      }
      expect(seen, `limit ${limit}`).toEqual(whole.map((c) => c.id));
    }

    // One group's pages (read from its memberships, in their index's order) give the group's whole list.
    const grupo = (
      await call('POST', '/api/groups', token, { nome: 'Paginado', cor: '#3B82F6' })
    ).json() as Grupo;
    await db.execute(sql`
      insert into grupo_transportadores (grupo_id, transportador_id, empresa_id)
      select ${grupo.id}, t.id, t.empresa_id from transportadores t
      where t.empresa_id = ${empresaId} and t.deleted_at is null and t.nome <> 'Beta 0'`);
    const members = (
      (await call('GET', `/api/transporters?grupos=${grupo.id}`, token)).json() as Transportador[]
    ).map((c) => c.id);
    expect(members).toEqual(whole.filter((c) => c.nome !== 'Beta 0').map((c) => c.id));
    for (const limit of [1, 2, 3, members.length]) {
      const seen: string[] = [];
      const pages = Math.ceil(members.length / limit);
      for (let n = 1; n <= pages + 1; n++) {
        const query = `page=${n}&limit=${limit}&grupos=${grupo.id},${grupo.id}`;
        const response = await call('GET', `/api/transporters?${query}`, token);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as Page;
        expect(body.total).toBe(members.length);
        if (n > pages) expect(body.data).toEqual([]);
        seen.push(...body.data.map((c) => c.id));
      }
      expect(seen, `group, limit ${limit}`).toEqual(members);
    }
    // The farthest page a request may ask for: empty, with the total.
    const far = await call('GET', '/api/transporters?page=1000000&limit=200', token);
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toMatchObject({ data: [], total });
  });

  it('a group filter reads the memberships: renames, new addresses and deletes show at once', async () => {
    const db = ctx.app.services.database.db;
    const grupo = (
      await call('POST', '/api/groups', token, { nome: 'Filtro', cor: '#3B82F6' })
    ).json() as Grupo;
    const make = async (nome: string, email: string) => {
      const response = await call('POST', '/api/transporters', token, {
        nome,
        email,
        grupos: [grupo.id],
        ativo: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Transportador).id;
    };
    const beta = await make('Transportes Beta', 'beta@filtro.com.br');
    const alfa = await make('Cargas Álfa', 'pricing@filtro.com.br');
    const inGroup = async (search = '') => {
      const body = await page(`&grupos=${grupo.id}${search ? `&search=${search}` : ''}`);
      return { names: body.data.map((c) => c.nome), total: body.total };
    };
    const ids = async (search = '') => {
      const response = await call(
        'GET',
        `/api/transporters/ids?grupos=${grupo.id}${search ? `&search=${search}` : ''}`,
        token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return ((response.json() as { ids: string[] }).ids ?? []).sort();
    };
    expect(await inGroup()).toEqual({ names: ['Cargas Álfa', 'Transportes Beta'], total: 2 });
    expect(await inGroup('alfa')).toEqual({ names: ['Cargas Álfa'], total: 1 });

    // Renamed by SQL: the group's order and its search follow the new name.
    await db.execute(sql`update transportadores set nome = 'Zulu Cargas' where id = ${alfa}`);
    expect(await inGroup()).toEqual({ names: ['Transportes Beta', 'Zulu Cargas'], total: 2 });
    expect(await inGroup('alfa')).toEqual({ names: [], total: 0 });
    expect(await inGroup('zulu')).toEqual({ names: ['Zulu Cargas'], total: 1 });

    // New addresses through the API: found by them within the group, and 'Selecionar Todos' too.
    const edited = await call('PATCH', `/api/transporters/${beta}`, token, {
      email: ['cotacao@gama.com.br'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await inGroup('gama')).toEqual({ names: ['Transportes Beta'], total: 1 });
    expect(await inGroup('beta%40filtro')).toEqual({ names: [], total: 0 });
    expect(await ids('gama')).toEqual([beta]);
    expect(await ids()).toEqual([alfa, beta].sort());

    // Deleted: gone from the group's page, count and ids; a membership written for it later is not kept.
    expect((await call('DELETE', `/api/transporters/${beta}`, token)).statusCode).toBe(200);
    expect(await inGroup()).toEqual({ names: ['Zulu Cargas'], total: 1 });
    expect(await ids()).toEqual([alfa]);
    await db.execute(sql`
      insert into grupo_transportadores (grupo_id, transportador_id, empresa_id)
      values (${grupo.id}, ${beta}, ${empresaId})`);
    const [kept] = (
      await db.execute(
        sql`select count(*)::int as n from grupo_transportadores where transportador_id = ${beta}`,
      )
    ).rows as { n: number }[];
    expect(kept!.n).toBe(0);
    expect(await inGroup()).toEqual({ names: ['Zulu Cargas'], total: 1 });
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)(
    'a membership written while its carrier is being deleted waits for the delete and is not kept',
    async () => {
      const db = ctx.app.services.database.db;
      const grupo = (
        await call('POST', '/api/groups', token, { nome: 'Corrida', cor: '#10B981' })
      ).json() as Grupo;
      const carrier = (
        await call('POST', '/api/transporters', token, {
          nome: 'Corrida Cargas',
          email: 'corrida@cargas.com.br',
          grupos: [],
          ativo: true,
        })
      ).json() as Transportador;
      const { promise: gate, resolve: release } = deferred();
      const { promise: deletedSeen, resolve: deleted } = deferred();
      // The service's soft delete, held open before its commit.
      const deleting = db.transaction(async (tx) => {
        await tx.execute(sql`update transportadores set deleted_at = now() where id = ${carrier.id}`);
        await tx.execute(sql`delete from grupo_transportadores where transportador_id = ${carrier.id}`);
        deleted();
        await gate;
      });
      await deletedSeen;
      let done = false;
      const adding = db
        .execute(sql`insert into grupo_transportadores (grupo_id, transportador_id, empresa_id)
          values (${grupo.id}, ${carrier.id}, ${empresaId})`)
        .finally(() => {
          done = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done, 'the membership waits for the delete to commit').toBe(false);
      release();
      await deleting;
      await adding;
      const [row] = (
        await db.execute(
          sql`select count(*)::int as n from grupo_transportadores where transportador_id = ${carrier.id}`,
        )
      ).rows as { n: number }[];
      expect(row!.n).toBe(0);
      expect((await page(`&grupos=${grupo.id}`)).total).toBe(0);
    },
  );
});
