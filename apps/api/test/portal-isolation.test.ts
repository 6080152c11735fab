import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cotacaoAnexos, respostas } from '../src/db/schema/index.js';
import { quoteScenario, type Scenario } from './factories/index.js';
import { createTestApp, MINIMAL_PDF, readSentMail, type TestContext, waitFor } from './helpers.js';

/*
 * The carrier portal's isolation (issue 35, S1), in the style of isolation-matrix.test.ts: two companies,
 * two carriers of one quote in company A and one in company B, an invite token of each; every portal route
 * probed with each token and the other tokens' ids. A portal token reaches its own quote and recipient only.
 */

let ctx: TestContext;
let a: Scenario;
let b: Scenario;
type Holder = { label: string; token: string; scenario: Scenario; carrier: number; attachmentId: string };
let holders: Holder[];

const TOKEN = /\/portal\/([A-Za-z0-9_-]{43})/;

async function inviteOf(scenario: Scenario, carrier: number): Promise<string> {
  const mail = await waitFor(async () =>
    (await readSentMail(ctx.config)).find(
      (m) => m.to.includes(scenario.carriers[carrier]!.email) && m.subject === scenario.quote.tituloEmail,
    ),
  );
  return TOKEN.exec(mail.text)![1]!;
}

async function attachmentOf(scenario: Scenario, nome: string): Promise<string> {
  const [row] = await ctx.app.services.database.db
    .insert(cotacaoAnexos)
    .values({
      empresaId: scenario.empresaId,
      cotacaoId: scenario.quote.id,
      tipo: 'arquivo',
      nome,
      contentType: 'application/pdf',
      tamanho: MINIMAL_PDF.length,
      conteudo: Buffer.from(MINIMAL_PDF),
    })
    .returning({ id: cotacaoAnexos.id });
  return row!.id;
}

function answerForm(valor: number) {
  const boundary = `----iso${valor}`;
  const dados = JSON.stringify({ fretes: [{ unidade: '40HC', moeda: 'USD', valor }] });
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${dados}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: ctx.config.APP_URL },
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  a = await quoteScenario(ctx, {
    label: 'iso-a',
    carriers: [
      { nome: 'Carrier Alfa Um', email: 'um@alfa-iso.com.br' },
      { nome: 'Carrier Alfa Dois', email: 'dois@alfa-iso.com.br' },
    ],
  });
  b = await quoteScenario(ctx, {
    label: 'iso-b',
    carriers: [{ nome: 'Carrier Beta', email: 'beta@beta-iso.com.br' }],
  });
  const attachmentA = await attachmentOf(a, 'pedido-alfa.pdf');
  holders = [
    { label: 'A0', token: await inviteOf(a, 0), scenario: a, carrier: 0, attachmentId: attachmentA },
    { label: 'A1', token: await inviteOf(a, 1), scenario: a, carrier: 1, attachmentId: attachmentA },
    {
      label: 'B0',
      token: await inviteOf(b, 0),
      scenario: b,
      carrier: 0,
      attachmentId: await attachmentOf(b, 'pedido-beta.pdf'),
    },
  ];
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('portal token isolation (S1)', () => {
  it("every route with each token: its own quote and recipient only; the others' ids answer 404", async () => {
    const failures: string[] = [];
    for (const holder of holders) {
      const own = holder.scenario.carriers[holder.carrier]!;
      const others = holders.filter((other) => other !== holder);
      const view = await ctx.app.inject({ method: 'GET', url: `/api/portal/${holder.token}` });
      if (view.statusCode !== 200) failures.push(`${holder.label} GET: ${view.statusCode}`);
      if (view.json().transportador !== own.nome)
        failures.push(`${holder.label} GET names ${view.json().transportador}`);
      for (const other of others) {
        const them = other.scenario.carriers[other.carrier]!;
        for (const leak of [them.email, them.nome, other.token])
          if (view.body.includes(leak)) failures.push(`${holder.label} GET shows ${other.label}'s ${leak}`);
        if (other.scenario !== holder.scenario)
          for (const leak of [
            other.scenario.empresaId,
            other.scenario.quote.id,
            `Importadora ${other.scenario === a ? 'iso-a' : 'iso-b'}`,
          ])
            if (view.body.includes(leak))
              failures.push(`${holder.label} GET shows company ${other.label}: ${leak}`);
        if (other.attachmentId !== holder.attachmentId) {
          const foreign = await ctx.app.inject({
            method: 'GET',
            url: `/api/portal/${holder.token}/anexos/${other.attachmentId}`,
          });
          if (foreign.statusCode !== 404)
            failures.push(
              `${holder.label} anexo of ${other.label}: ${foreign.statusCode} ${foreign.body.slice(0, 80)}`,
            );
        }
      }
      const mine = await ctx.app.inject({
        method: 'GET',
        url: `/api/portal/${holder.token}/anexos/${holder.attachmentId}`,
      });
      if (mine.statusCode !== 200) failures.push(`${holder.label} own anexo: ${mine.statusCode}`);
      // The request's PDF is its own quote's, of its own company.
      const pdf = await ctx.app.inject({ method: 'GET', url: `/api/portal/${holder.token}/pedido.pdf` });
      if (pdf.statusCode !== 200) failures.push(`${holder.label} pedido.pdf: ${pdf.statusCode}`);
      else {
        const text = (
          await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
        ).text;
        const ownCompany = `Importadora ${holder.scenario === a ? 'iso-a' : 'iso-b'}`;
        const otherCompany = `Importadora ${holder.scenario === a ? 'iso-b' : 'iso-a'}`;
        if (!text.includes(holder.scenario.quote.codigo) || !text.includes(ownCompany))
          failures.push(`${holder.label} pedido.pdf is not its quote's`);
        if (text.includes(otherCompany)) failures.push(`${holder.label} pedido.pdf shows ${otherCompany}`);
      }
      // A forged token (one character changed) opens nothing.
      const forged = `${holder.token.slice(0, -1)}${holder.token.endsWith('A') ? 'B' : 'A'}`;
      for (const url of [
        `/api/portal/${forged}`,
        `/api/portal/${forged}/anexos/${holder.attachmentId}`,
        `/api/portal/${forged}/pedido.pdf`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        if (response.statusCode !== 404)
          failures.push(`${holder.label} forged ${url}: ${response.statusCode}`);
      }
      const forgedPost = await ctx.app.inject({
        method: 'POST',
        url: `/api/portal/${forged}/resposta`,
        ...answerForm(1),
      });
      if (forgedPost.statusCode !== 404)
        failures.push(`${holder.label} forged POST: ${forgedPost.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("an answer with a token becomes its own carrier's version, and no other recipient's", async () => {
    const prices = new Map<string, number>([
      ['A0', 2100],
      ['A1', 2200],
      ['B0', 2300],
    ]);
    for (const holder of holders) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/portal/${holder.token}/resposta`,
        ...answerForm(prices.get(holder.label)!),
      });
      expect(response.statusCode, `${holder.label}: ${response.body}`).toBe(201);
      expect(response.json().data.transportador).toBe(holder.scenario.carriers[holder.carrier]!.nome);
    }
    const rows = await ctx.app.services.database.db
      .select({
        empresaId: respostas.empresaId,
        cotacaoId: respostas.cotacaoId,
        transportadorId: respostas.transportadorId,
        versao: respostas.versao,
        valor: respostas.dadosExtraidos,
      })
      .from(respostas);
    for (const holder of holders) {
      const own = rows.filter((row) => row.transportadorId === holder.scenario.carriers[holder.carrier]!.id);
      expect(own, holder.label).toHaveLength(1);
      expect(own[0]).toMatchObject({
        empresaId: holder.scenario.empresaId,
        cotacaoId: holder.scenario.quote.id,
        versao: 1,
      });
      expect(own[0]!.valor!.final.fretes[0]!.valor).toBe(prices.get(holder.label));
    }
    // The view of each token shows only its own answer.
    for (const holder of holders) {
      const view = (await ctx.app.inject({ method: 'GET', url: `/api/portal/${holder.token}` })).json();
      expect(view.resposta.fretes[0].valor, holder.label).toBe(prices.get(holder.label));
    }
    expect(rows.filter((row) => row.cotacaoId === a.quote.id).map((row) => row.empresaId)).not.toContain(
      b.empresaId,
    );
    expect(
      await ctx.app.services.database.db.select().from(respostas).where(eq(respostas.empresaId, b.empresaId)),
    ).toHaveLength(1);
  });
});
