import type { Grupo, Paginated, Transportador } from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred } from '../../../test/deferred.js';
import { type Call, caller, createCarriers, quickCompany } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * The carrier list's pages and select-all ids are kept per company while its carrier stamp is unchanged
 * (migration 0033, ADR 0031 addendum 3). What a user must never see: a page older than the database. Every
 * kind of write that changes what a page shows is followed by a read that must show it.
 */

let ctx: TestContext;
let call: Call;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const PAGE = '/api/transporters?page=1&limit=50';

async function read(token: string, url = PAGE) {
  const response = await call('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as Paginated<Transportador>, etag: String(response.headers.etag) };
}
const names = (page: Paginated<Transportador>) => page.data.map((carrier) => carrier.nome);

async function stampOf(empresaId: string): Promise<number> {
  const { rows } = await ctx.app.services.database.db.execute<{ versao: string }>(
    sql`select versao from carrier_stamps where empresa_id = ${empresaId}`,
  );
  return Number(rows[0]?.versao ?? 0);
}

describe('kept carrier list pages', () => {
  it('a repeated read is the kept answer; each write that changes the page shows on the next read', async () => {
    const company = await quickCompany(ctx, { label: `kp${Date.now().toString(36)}` });
    const { token } = company;
    const group = (
      await call('POST', '/api/groups', token, { nome: 'Ásia Marítimo', cor: '#0066CC' })
    ).json() as Grupo;
    const [atlantica, mare] = await createCarriers(ctx, token, [
      { nome: 'Navegação Atlântica', email: 'comercial@atlantica.com.br', grupos: [group.id] },
      { nome: 'Maré Alta Logística', email: 'pricing@marealta.com.br' },
    ]);

    const first = await read(token);
    expect(names(first.body)).toEqual(['Maré Alta Logística', 'Navegação Atlântica']);
    const again = await read(token);
    expect(again.etag).toBe(first.etag);
    expect(again.body).toEqual(first.body);
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: PAGE,
      headers: { authorization: `Bearer ${token}`, 'if-none-match': first.etag },
    });
    expect(revalidated.statusCode).toBe(304);

    // A carrier renamed and given a second address.
    let response = await call('PATCH', `/api/transporters/${mare!.id}`, token, {
      nome: 'Maré Baixa Logística',
      email: 'pricing@marealta.com.br;ops@marealta.com.br',
    });
    expect(response.statusCode, response.body).toBe(200);
    let page = await read(token);
    expect(page.etag).not.toBe(first.etag);
    expect(page.body.data[0]).toMatchObject({
      nome: 'Maré Baixa Logística',
      email: 'pricing@marealta.com.br;ops@marealta.com.br',
      grupos: [],
    });

    // Added to a group, from the group's side.
    response = await call('POST', `/api/groups/${group.id}/transporters/${mare!.id}`, token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    page = await read(token);
    expect(page.body.data[0]!.grupos).toEqual([{ id: group.id, nome: 'Ásia Marítimo', cor: '#0066CC' }]);

    // The group renamed: its members' rows show the new name.
    response = await call('PATCH', `/api/groups/${group.id}`, token, { nome: 'Ásia - Marítimo' });
    expect(response.statusCode, response.body).toBe(200);
    page = await read(token);
    expect(page.body.data.map((carrier) => carrier.grupos[0]?.nome)).toEqual([
      'Ásia - Marítimo',
      'Ásia - Marítimo',
    ]);

    // The group's select-all ids, then a member removed.
    const ids = await call('GET', `/api/transporters/ids?grupos=${group.id}`, token);
    expect(ids.json().ids.sort()).toEqual([atlantica!.id, mare!.id].sort());
    response = await call('DELETE', `/api/groups/${group.id}/transporters/${atlantica!.id}`, token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect((await call('GET', `/api/transporters/ids?grupos=${group.id}`, token)).json()).toEqual({
      ids: [mare!.id],
      total: 1,
    });

    // A search's page, then the carrier deleted.
    const searched = await read(token, `${PAGE}&search=atlantica`);
    expect(names(searched.body)).toEqual(['Navegação Atlântica']);
    response = await call('DELETE', `/api/transporters/${atlantica!.id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(token, `${PAGE}&search=atlantica`)).body).toMatchObject({ data: [], total: 0 });
    page = await read(token);
    expect(names(page.body)).toEqual(['Maré Baixa Logística']);
    expect(page.body.total).toBe(1);
  });

  it('a write by another process (plain SQL) is seen too, and one transaction bumps the stamp once', async () => {
    const company = await quickCompany(ctx, { label: `kq${Date.now().toString(36)}` });
    const { token, empresaId } = company;
    const [carrier] = await createCarriers(ctx, token, [
      { nome: 'Céu Azul Cargas', email: 'quotes@ceuazul.com' },
    ]);
    const before = await read(token);
    expect(names(before.body)).toEqual(['Céu Azul Cargas']);

    const db = ctx.app.services.database.db;
    await db.execute(sql`update transportadores set ativo = false where id = ${carrier!.id}`);
    expect((await read(token)).body.data[0]!.ativo).toBe(false);

    // Creating a carrier with two addresses and a group writes several statements in one transaction.
    const group = (await call('POST', '/api/groups', token, { nome: 'Aéreo' })).json() as Grupo;
    const stamp = await stampOf(empresaId);
    const created = await call('POST', '/api/transporters', token, {
      nome: 'Brisa Aérea',
      email: 'a@brisa.com;b@brisa.com',
      grupos: [group.id],
      ativo: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await stampOf(empresaId)).toBe(stamp + 1);
    expect(names((await read(token)).body)).toEqual(['Brisa Aérea', 'Céu Azul Cargas']);

    // A transaction that fails changes nothing, the stamp included.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update transportadores set nome = 'Desfeita' where id = ${carrier!.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stampOf(empresaId)).toBe(stamp + 1);
    expect(names((await read(token)).body)).toEqual(['Brisa Aérea', 'Céu Azul Cargas']);
  });

  it("another company's page under the same address is its own", async () => {
    const alfa = await quickCompany(ctx, { label: `ka${Date.now().toString(36)}` });
    const beta = await quickCompany(ctx, { label: `kb${Date.now().toString(36)}` });
    await createCarriers(ctx, alfa.token, [{ nome: 'Só da Alfa', email: 'x@alfa-cargo.com' }]);
    const alfaPage = await read(alfa.token);
    const betaPage = await read(beta.token);
    expect(names(alfaPage.body)).toEqual(['Só da Alfa']);
    expect(betaPage.body).toMatchObject({ data: [], total: 0 });
    expect(betaPage.etag).not.toBe(alfaPage.etag);
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: PAGE,
      headers: { authorization: `Bearer ${beta.token}`, 'if-none-match': alfaPage.etag },
    });
    expect(crossed.statusCode).toBe(200);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)(
    "a writer does not wait for another's open transaction: the stamp is taken only at commit",
    async () => {
      const company = await quickCompany(ctx, { label: `kw${Date.now().toString(36)}` });
      const { token } = company;
      const [alfa, bravo] = await createCarriers(ctx, token, [
        { nome: 'Alfa Cargas', email: 'alfa@cargas.com.br' },
        { nome: 'Bravo Cargas', email: 'bravo@cargas.com.br' },
      ]);
      await read(token);
      const db = ctx.app.services.database.db;
      const { promise: gate, resolve: release } = deferred();
      const { promise: writtenSeen, resolve: written } = deferred();
      const open = db.transaction(async (tx) => {
        await tx.execute(sql`update transportadores set nome = 'Alfa Renomeada' where id = ${alfa!.id}`);
        written();
        await gate;
      });
      try {
        await writtenSeen;
        // Another carrier of the same company, written and committed while the first transaction is open.
        const other = db.execute(
          sql`update transportadores set nome = 'Bravo Renomeada' where id = ${bravo!.id}`,
        );
        const outcome = await Promise.race([
          other.then(() => 'committed'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 2_000)),
        ]);
        expect(outcome).toBe('committed');
        expect(names((await read(token)).body)).toEqual(['Alfa Cargas', 'Bravo Renomeada']);
      } finally {
        release();
        await open;
      }
      expect(names((await read(token)).body)).toEqual(['Alfa Renomeada', 'Bravo Renomeada']);
    },
  );

  it("the groups tab's cards are kept too; every write a card shows is on the next read", async () => {
    const company = await quickCompany(ctx, { label: `kc${Date.now().toString(36)}` });
    const { token } = company;
    const CARDS = '/api/groups?resumo=true&page=1&limit=20';
    type Card = {
      id: string;
      nome: string;
      totalTransportadores: number;
      primeirosTransportadores: { nome: string }[];
    };
    const cards = async (url = CARDS) => {
      const response = await call('GET', url, token);
      expect(response.statusCode, response.body).toBe(200);
      return { body: response.json() as Paginated<Card>, etag: String(response.headers.etag) };
    };
    // The group pickers' summaries (no page), kept as the cards are.
    const picker = async () => {
      const response = await call('GET', '/api/groups?resumo=true', token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { nome: string; totalTransportadores: number }[]).map(
        (group) => `${group.nome}: ${group.totalTransportadores}`,
      );
    };
    const shown = (page: Paginated<Card>) =>
      page.data.map(
        (card) =>
          `${card.nome}: ${card.totalTransportadores} ${card.primeirosTransportadores.map((m) => m.nome).join(', ')}`,
      );

    expect((await cards()).body).toMatchObject({ data: [], total: 0 });
    expect(await picker()).toEqual([]);
    // A group created: the empty page kept before it is not answered again.
    const group = (
      await call('POST', '/api/groups', token, { nome: 'Europa', cor: '#0066CC' })
    ).json() as Grupo;
    const [rota, brisa] = await createCarriers(ctx, token, [
      { nome: 'Rota Sul', email: 'import@rotasul.com.br', grupos: [group.id] },
      { nome: 'Brisa Cargas', email: 'quotes@brisa.com.br' },
    ]);
    const first = await cards();
    expect(shown(first.body)).toEqual(['Europa: 1 Rota Sul']);
    const again = await cards();
    expect(again.etag).toBe(first.etag);
    expect(again.body).toEqual(first.body);

    // A member added from the group's side: count and first members.
    let response = await call('POST', `/api/groups/${group.id}/transporters/${brisa!.id}`, token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(shown((await cards()).body)).toEqual(['Europa: 2 Brisa Cargas, Rota Sul']);
    expect(await picker()).toEqual(['Europa: 2']);
    // A member renamed: its name on the card (and the order by name).
    response = await call('PATCH', `/api/transporters/${rota!.id}`, token, { nome: 'Áurea Rota Sul' });
    expect(response.statusCode, response.body).toBe(200);
    expect(shown((await cards()).body)).toEqual(['Europa: 2 Áurea Rota Sul, Brisa Cargas']);
    // The group renamed, and a search of it.
    response = await call('PATCH', `/api/groups/${group.id}`, token, { nome: 'Europa Norte' });
    expect(response.statusCode, response.body).toBe(200);
    expect(shown((await cards(`${CARDS}&search=norte`)).body)).toEqual([
      'Europa Norte: 2 Áurea Rota Sul, Brisa Cargas',
    ]);
    // A member removed, then a member deleted.
    response = await call('DELETE', `/api/groups/${group.id}/transporters/${brisa!.id}`, token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(shown((await cards()).body)).toEqual(['Europa Norte: 1 Áurea Rota Sul']);
    expect(await picker()).toEqual(['Europa Norte: 1']);
    response = await call('DELETE', `/api/transporters/${rota!.id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(shown((await cards()).body)).toEqual(['Europa Norte: 0 ']);
    expect(shown((await cards(`${CARDS}&search=norte`)).body)).toEqual(['Europa Norte: 0 ']);
    // The group deleted: the kept search and page answer nothing.
    response = await call('DELETE', `/api/groups/${group.id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await cards(`${CARDS}&search=norte`)).body).toMatchObject({ data: [], total: 0 });
    expect((await cards()).body).toMatchObject({ data: [], total: 0 });
    expect(await picker()).toEqual([]);
  });
});
