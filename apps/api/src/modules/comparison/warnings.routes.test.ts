import { type Comparison, comparisonSchema } from '@cotacoes/shared';
import { todayInSaoPaulo } from '@cotacoes/shared/comparison/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario, typicalAnswer } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';

/*
 * Issue 30 item 4: a proposal that breaks what the request asked (route, shipping line, transit, validity
 * against the deadline) is flagged on its comparison row, through the real pipeline (reply → extraction →
 * comparison); approving it is still accepted (the screen asks the analyst to confirm).
 */

let ctx: TestContext;
let fake: FakePtaxServer;
let s: Scenario;

const DAY = 86_400_000;
const deadline = new Date(Date.now() + 7 * DAY);
const deadlineDay = todayInSaoPaulo(deadline);
/** Two days before the deadline (São Paulo calendar), as the carrier writes it and as the row says it. */
const validityIso = todayInSaoPaulo(new Date(deadline.getTime() - 2 * DAY));
const br = (iso: string) => iso.split('-').reverse().join('/');

const RISKY = [
  'Prezados,',
  '',
  'Segue nossa proposta Shanghai x Santos:',
  '',
  'Frete 40HC: USD 2.700,00 por contêiner',
  'THC: R$ 1.400,00 por contêiner',
  'Armador: MSC',
  'Rota: via Cartagena',
  'Transbordo: Cartagena',
  'Transit time: 41 dias',
  'Free time: 14 dias',
  `Validade: ${br(validityIso)}`,
  '',
  'Att,',
  'Pricing',
].join('\n');

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

async function reply(carrier: number, text: string, answered: number) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[carrier]!.email, to: s.replyTo(carrier), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await get(`/api/quotes/${s.quote.id}/respostas`)).json().data as {
      atual: { extracao: string } | null;
    }[];
    return list.filter((entry) => entry.atual?.extracao === 'concluida').length === answered;
  }, 20_000);
}

beforeAll(async () => {
  fake = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: fake.url, MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  s = await quoteScenario(ctx, {
    fields: {
      prazoResposta: deadline.toISOString(),
      tempoTransito: '35 dias',
      evitarRota: 'Evitar transbordo em Cartagena',
      evitarArmador: 'Maersk, MSC',
    },
  });
  await reply(0, RISKY, 1);
  await reply(1, typicalAnswer(), 2);
  // The known-left of QA pass 35: a carrier answers this quote's e-mail with its offer for another quote
  // (Qingdao, the other request's origin) and names no other code: counted here, it must not pass unseen.
  await reply(2, typicalAnswer({ frete40: 3100 }).replace('Shanghai x Santos', 'Qingdao x Santos'), 3);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('warnings on the comparison rows', () => {
  it('flags route, shipping line, transit and validity, and shows the carriage', async () => {
    const response = await get(`/api/quotes/${s.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Comparison;
    expect(comparisonSchema.safeParse(body).success).toBe(true);
    const risky = body.linhas.find((row) => row.transportadorId === s.carriers[0]!.id)!;
    expect(risky).toMatchObject({ armador: 'MSC', transbordo: 'Cartagena' });
    expect(risky.rota).toContain('Cartagena');
    expect(risky.alertas).toEqual([
      { tipo: 'evitarRota', texto: 'Rota passa por Cartagena, que o pedido pediu para evitar' },
      { tipo: 'evitarArmador', texto: 'Armador MSC, que o pedido pediu para evitar' },
      { tipo: 'transitTime', texto: 'Trânsito de 41 dias, acima dos 35 dias pedidos' },
      {
        tipo: 'validadePrazo',
        texto: `Validade (${br(validityIso)}) termina antes do prazo de resposta (${br(deadlineDay)})`,
      },
    ]);
    // The cheapest (2 × USD 2700 against 2 × USD 2950) and still flagged: warnings never change a figure.
    expect(risky.destaque.menorCusto).toBe(true);
    const plain = body.linhas.find((row) => row.transportadorId === s.carriers[1]!.id)!;
    expect(plain).toMatchObject({ armador: null, transbordo: null, alertas: [] });
  });

  it('flags an offer from another origin than asked: an alternative, or the answer of another quote', async () => {
    const body = (await get(`/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
    const other = body.linhas.find((row) => row.transportadorId === s.carriers[2]!.id)!;
    expect(other.rota).toBe('Qingdao → Santos');
    // (2 × 3.100 + 75) × 5,2456 + 2 × 1.450 = 6.275 × 5,2456 = 32.916,14 + 2.900 = R$ 35.816,14: still counted
    // (warnings never change a figure), flagged so the analyst checks it before approving.
    expect(other.custoTotalBRL).toBe(35816.14);
    expect(other.alertas).toEqual([
      {
        tipo: 'outraOrigem',
        texto:
          'Origem Qingdao, diferente da pedida (Shanghai): uma alternativa ou a resposta de outra cotação; confira com o agente',
      },
    ]);
  });

  it('approving a flagged proposal is still accepted by the server', async () => {
    const rows = ((await get(`/api/quotes/${s.quote.id}/comparison`)).json() as Comparison).linhas;
    const risky = rows.find((row) => row.transportadorId === s.carriers[0]!.id)!;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/approve`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { responseId: risky.respostaId },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APROVADA' });
  });
});
