import { randomBytes } from 'node:crypto';
import type { Comparison } from '@cotacoes/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { respostas } from '../../db/schema/index.js';

/*
 * A revision written "de X para Y" (QA pass 23: "Frete 40HC: reduzimos de USD 2.250,00 para USD 2.150,00",
 * then "Demais condições mantidas"), over the real pipeline: the new price counts, the old one is no line
 * of the row, the change is the saving, and the approval e-mail states the new price. The fake Banco
 * Central gives PTAX 5.1177; with the margin of 2.5 % every total uses 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let mixed: Scenario;

const FIRST = [
  'Prezada Ana,',
  '',
  'Segue cotação Shanghai x Santos:',
  '',
  'Frete 20DV: USD 1.400,00',
  'Frete 40HC: USD 2.250,00',
  'THC: R$ 1.450,00 por contêiner',
  'BL fee: USD 65,00 por BL',
  'Desconsolidação: R$ 280,00',
  'Transit time: 30 dias',
  'Free time: 14 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Maré Alta Logística',
].join('\n');

const REVISION = [
  'Prezada Ana,',
  '',
  'Conforme solicitado, revisamos:',
  'Frete 40HC: reduzimos de USD 2.250,00 para USD 2.150,00',
  'Demais condições mantidas.',
  '',
  'Att,',
  'Maré Alta Logística',
].join('\n');

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${mixed.token}` } });

async function reply(text: string, versao: number) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: mixed.carriers[0]!.email, to: mixed.replyTo(0), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call('GET', `/api/quotes/${mixed.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      atual: { extracao: string; versao: number } | null;
    }[];
    const entry = list.find((e) => e.transportadorId === mixed.carriers[0]!.id);
    return entry?.atual?.versao === versao && entry.atual.extracao === 'concluida';
  }, 30_000);
}

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  mixed = await quoteScenario(ctx, {
    carriers: [{ nome: 'Maré Alta Logística', email: 'quotes@marealta-rp.com.br' }],
    quote: {
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '1 x 20DV + 2 x 40HC', dimensoes: null }],
    },
  });
  await reply(FIRST, 1);
  await reply(REVISION, 2);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a revision written "de X para Y"', () => {
  it('a newer version that could not be read leaves the comparison on the last one read (QA pass 25)', async () => {
    await reply('Prezada Ana,\n\nNova proposta: Frete 40HC USD 2.100,00.\n\nAtt,\nMaré Alta Logística', 3);
    const list = (await call('GET', `/api/quotes/${mixed.quote.id}/respostas`)).json().data as {
      atual: { id: string; versao: number };
    }[];
    const v3 = list[0]!.atual.id;
    // As a message too large to read leaves it ("Mensagem grande demais…").
    await ctx.app.services.database.db
      .update(respostas)
      .set({ extracao: 'falhou', extracaoErro: 'Mensagem grande demais para ler.', dadosExtraidos: null })
      .where(eq(respostas.id, v3));
    const response = await call('GET', `/api/quotes/${mixed.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    // Version 2's figures, not "Extração falhou": R$ 34.870,88 (below), the row naming the unread version 3.
    expect(row).toMatchObject({
      versao: 2,
      versaoNaoLida: 3,
      extracao: 'concluida',
      custoTotalBRL: 34870.88,
      respostaId: v3,
    });
  });

  it('a garbled re-send that reads nothing leaves the comparison on the last one read too (QA pass 29)', async () => {
    // A message declaring a multipart body that never comes: 50 kB of bytes no reader can use.
    const raw = Buffer.concat([
      Buffer.from(
        [
          `From: ${mixed.carriers[0]!.email}`,
          `To: ${mixed.replyTo(0)}`,
          'Subject: RE: Cotação',
          `Message-ID: <garbled-${Date.now()}@carrier.example>`,
          `Date: ${new Date().toUTCString()}`,
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="NEVER"',
          '',
          '',
        ].join('\r\n'),
      ),
      randomBytes(50_000),
    ]);
    await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
    await waitFor(async () => {
      const list = (await call('GET', `/api/quotes/${mixed.quote.id}/respostas`)).json().data as {
        atual: { extracao: string; versao: number } | null;
      }[];
      return list[0]?.atual?.versao === 4 && list[0].atual.extracao === 'concluida';
    }, 30_000);
    const row = (await call('GET', `/api/quotes/${mixed.quote.id}/comparison`)).json().linhas[0];
    // Still version 2's R$ 34.870,88, naming version 4 as not read; not an empty "Frete não informado".
    expect(row).toMatchObject({ versao: 2, versaoNaoLida: 4, precificada: true, custoTotalBRL: 34870.88 });
    // Said as an alert too, so the PDF and the Excel say it (QA pass 30: only the screen's badge did).
    expect(row.alertas).toContainEqual({
      tipo: 'versaoNaoLida',
      texto: 'A versão 4 não pôde ser lida: a linha mostra a versão 2, a última lida',
    });
  });

  it('counts the new price, shows the saving, and the approval e-mail states it', async () => {
    const response = await call('GET', `/api/quotes/${mixed.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    // v2: USD 1.400 + 2 × 2.150 + BL 65 = 5.765 × 5,2456 = 30.240,88 + BRL THC 3 × 1.450 + 280 = 4.630
    // → R$ 34.870,88 (v1: 1.400 + 2 × 2.250 + 65 = 5.965 × 5,2456 + 4.630 = R$ 35.920,00; the change
    // 2 × −100 = USD −200 → R$ −1.049,12).
    expect(row).toMatchObject({ valorUSD: 5765, valorBRL: 4630, custoTotalBRL: 34870.88 });
    expect(row.fretes.filter((frete) => frete.tipo === '40HC').map((frete) => frete.valor)).toEqual([2150]);
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -1049.12, custoTotalUSD: -200 });

    const approved = await call('POST', `/api/quotes/${mixed.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(mixed.carriers[0]!.email) && m.subject === `Cotação ${mixed.quote.codigo} aprovada`,
      ),
    );
    expect(mail.text).toContain('Frete 40HC: 2 × US$ 2.150,00 = US$ 4.300,00');
    expect(mail.text).not.toContain('2.250,00');
    expect(mail.text).toContain('34.870,88');
    // The revision is what was approved, and the e-mail says so (QA pass 39).
    expect(mail.text).toContain('Proposta aprovada: versão 2 (a revisada)');
  });
});
