import {
  type Comparison,
  comparisonSchema,
  errorMessages,
  fieldMessages,
  type ResponseEntry,
} from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  carrierReply,
  deliveryFailureReport,
  outboxSettled,
  POD_PORTS_ANSWER,
  quoteScenario,
  type Scenario,
  typicalAnswer,
} from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import {
  createTestApp,
  readSentMail,
  registerUser,
  type TestContext,
  waitFor,
} from '../../../test/helpers.js';
import { checkedTenant } from '../../db/tenant.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

let ctx: TestContext;
let fake: FakePtaxServer;
let s: Scenario;

const TWO_DESTINATIONS = [
  'Prezados,',
  '',
  'Segue nossa proposta Shanghai x Santos / Itajaí:',
  '',
  'Frete 40HC: Santos USD 3.050,00 / Itajaí USD 2.900,00 por 40HC, MSC',
  'Transit time: Santos 33 dias, Itajaí 36 dias',
  'Free time: 21 dias',
  'Taxas destino: THC R$ 1.500,00/cntr, BL fee USD 80,00/BL',
  'Validade: 15/12/2026',
  '',
  'Atenciosamente,',
  'Pricing Pacífico',
].join('\n');

const IN_BRL_WITHOUT_TRANSIT = [
  'Bom dia,',
  '',
  'Cotação Shanghai x Santos, valores em reais:',
  '',
  'Frete 40HC: R$ 16.500,00 por contêiner',
  'THC: R$ 1.400,00 por contêiner',
  'Taxa de liberação: R$ 350,00 por BL',
  'Free time: 10 dias',
  'Validade: 20/12/2026',
  '',
  'Att,',
  'Rota Sul',
].join('\n');

const get = (url: string, token = s.token) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const comparison = async (query = '') => {
  const response = await get(`/api/quotes/${s.quote.id}/comparison${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Comparison;
};
const rowOf = (body: Comparison, carrier: number, destino?: string) =>
  body.linhas.find(
    (row) =>
      row.transportadorId === s.carriers[carrier]!.id && (destino === undefined || row.destino === destino),
  )!;
const resetPtaxCache = () => {
  const ptax = (ctx.app.services.comparison as unknown as { ptax: { cached?: unknown; lastGood?: unknown } })
    .ptax;
  ptax.cached = undefined;
  ptax.lastGood = undefined;
};

/** Replies as the carrier and waits until every answer of the quote is extracted. */
async function reply(carrier: number, text: string, answered: number) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[carrier]!.email, to: s.replyTo(carrier), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await get(`/api/quotes/${s.quote.id}/respostas`)).json().data as {
      atual: { extracao: string; versao: number } | null;
    }[];
    const done = list.filter((entry) => entry.atual?.extracao === 'concluida');
    return done.length === answered && list.every((e) => e.atual?.extracao !== 'pendente');
  }, 20_000);
}

beforeAll(async () => {
  fake = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: fake.url, MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  // The quote asks for '2 contêineres 40HC', Shanghai → Santos (FCL).
  s = await quoteScenario(ctx);
  await reply(0, typicalAnswer(), 1);
  await reply(1, TWO_DESTINATIONS, 2);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  resetPtaxCache();
});

describe('GET /api/quotes/{id}/comparison', () => {
  it('compares the answers at the PTAX of the day plus the default margin of 2.5 %', async () => {
    const body = await comparison();
    expect(comparisonSchema.safeParse(body).success).toBe(true);
    expect(body.taxa).toMatchObject({ moeda: 'USD', ptax: 5.1177, fonte: 'ptax', margem: 2.5, taxa: 5.2456 });
    expect(body.taxa.dataCotacao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body).toMatchObject({ cotacaoId: s.quote.id, respondidas: 2, total: 3 });
    expect(body.pendentes).toEqual([{ transportadorId: s.carriers[2]!.id, nome: s.carriers[2]!.nome }]);
    expect(body.naoEntregues).toEqual([]);
  });

  it('a THC quoted in EUR is summed at the euro PTAX (+ margin), stated, and can be the cheapest', async () => {
    const q = await quoteScenario(ctx);
    const texts = [
      typicalAnswer({ frete40: 2950 }),
      typicalAnswer({ frete40: 2900 }),
      [
        'Prezados,',
        '',
        'Frete marítimo 40HC: USD 2.700,00',
        'THC destino: EUR 250,00 por contêiner',
        'BL fee: USD 75,00 por BL',
        'Transit time: 30 dias',
        '',
        'Atenciosamente,',
        'Mar Azul',
      ].join('\n'),
    ];
    for (const [index, text] of texts.entries())
      await ctx.app.services.inbound.ingest(
        await carrierReply({ from: q.carriers[index]!.email, to: q.replyTo(index), text }),
        { source: 'imap' },
      );
    const body = await waitFor(async () => {
      const response = await get(`/api/quotes/${q.quote.id}/comparison`, q.token);
      const value = response.json() as Comparison;
      return value.linhas.length === 3 && value.linhas.every((row) => row.extracao === 'concluida')
        ? value
        : undefined;
    }, 20_000);
    const row = (index: number) => body.linhas.find((r) => r.transportadorId === q.carriers[index]!.id)!;
    // The euro's closing PTAX of the fake (the contract's 4,0174) + 2,5 % = 4,1178.
    expect(body.taxa.eur).toMatchObject({ ptax: 4.0174, fonte: 'ptax', taxa: 4.1178 });
    // 2 × 40HC: (2 × 2.700 + 75) × 5,2456 = 28.719,66 + THC 2 × EUR 250 × 4,1178 = 2.058,90 → R$ 30.778,56,
    // US$ 30.778,56 ÷ 5,2456 = 5.867,50: cheaper than the others, so "Menor custo".
    expect(row(2)).toMatchObject({
      custoTotalBRL: 30778.56,
      custoTotalUSD: 5867.5,
      valorEUR: 500,
      taxasPorMoeda: { USD: 75, BRL: 0, EUR: 500 },
      destaque: { menorCusto: true },
    });
    expect(row(2).taxasNaoSomadas).toBeUndefined();
    expect(row(2).taxasAusentes).toBeUndefined();
    // (2 × 2.900 + 75) × 5,2456 + 2 × 1.450 = R$ 33.717,90.
    expect(row(1)).toMatchObject({ custoTotalBRL: 33717.9, destaque: { menorCusto: false } });
    expect(row(0).custoTotalBRL).toBe(34242.46);
  });

  it('a surcharge "subject to" (a GRI from a date) is shown but not counted; the explicit validity wins', async () => {
    const q = await quoteScenario(ctx);
    const text = [
      'Dear team,',
      '',
      'Ocean freight: USD 1,850.00/40HC (valid for ETD until 15/12)',
      'Subject to GRI USD 300.00 per cntr from 16/12/2026',
      'Frete sujeito a PSS de USD 250,00/cntr caso o armador aplique.',
      'THC destination: BRL 1.480,00 per container',
      'Transit time: 32 days',
      'Validity: 14/12/2026',
      '',
      'Best regards,',
      'Pacific pricing',
    ].join('\n');
    await ctx.app.services.inbound.ingest(
      await carrierReply({ from: q.carriers[0]!.email, to: q.replyTo(0), text }),
      { source: 'imap' },
    );
    const body = await waitFor(async () => {
      const value = (await get(`/api/quotes/${q.quote.id}/comparison`, q.token)).json() as Comparison;
      return value.linhas.length === 1 && value.linhas[0]!.extracao === 'concluida' ? value : undefined;
    }, 20_000);
    const row = body.linhas[0]!;
    const gri = row.taxas.find((fee) => /GRI/i.test(fee.rotulo || fee.nome))!;
    expect(gri).toMatchObject({ contabilizada: false });
    expect(gri.motivo).toMatch(/^Condicional/);
    // "Frete sujeito a PSS …" is the same kind: shown, not counted, and never a second freight.
    const pss = row.taxas.find((fee) => /PSS/i.test(fee.rotulo || fee.nome))!;
    expect(pss).toMatchObject({ contabilizada: false, valor: 250 });
    expect(row.fretes.map((f) => [f.tipo, f.valor])).toEqual([['40HC', 1850]]);
    // 2 × 40HC at 5,2456: 2 × 1.850 × 5,2456 + 2 × 1.480 = R$ 22.368,72 — without the GRI.
    expect(row.custoTotalBRL).toBe(22368.72);
    // "Validity: 14/12/2026" is the offer's validity; "valid for ETD until 15/12" is the freight's window.
    expect(row.validade.valor).toBe('2026-12-14');
  });

  it('"POD Santos: USD 2.300/40HC" and "POD Paranagua: …": each port its own freight and transit, no fee "POD"', async () => {
    const q = await quoteScenario(ctx);
    const text = POD_PORTS_ANSWER;
    await ctx.app.services.inbound.ingest(
      await carrierReply({ from: q.carriers[0]!.email, to: q.replyTo(0), text }),
      { source: 'imap' },
    );
    const body = await waitFor(async () => {
      const value = (await get(`/api/quotes/${q.quote.id}/comparison`, q.token)).json() as Comparison;
      return value.linhas.length === 2 && value.linhas.every((row) => row.extracao === 'concluida')
        ? value
        : undefined;
    }, 20_000);
    const port = (name: string) => body.linhas.find((row) => row.destino === name)!;
    // 2 × 40HC at 5,2456: (2 × 2.300 + 75) × 5,2456 + 2 × 1.450 = 24.523,18 + 2.900 = R$ 27.423,18.
    expect(port('Santos')).toMatchObject({ custoTotalBRL: 27423.18, prazo: { valor: 32 } });
    // (2 × 2.000 + 75) × 5,2456 + 2 × 1.450 = 21.375,82 + 2.900 = R$ 24.275,82, 36 days: a port not asked.
    expect(port('Paranaguá')).toMatchObject({ custoTotalBRL: 24275.82, prazo: { valor: 36 } });
    for (const row of body.linhas) expect(row.taxas.map((fee) => fee.nome).sort()).toEqual(['BL FEE', 'THC']);
    // 'Ver de onde veio' of each port's transit opens that port's line, not the first port's.
    expect(port('Santos').prazo.fonte?.text).toBe('POD Santos: USD 2.300/40HC, transit 32 days');
    expect(port('Paranaguá').prazo.fonte?.text).toBe('POD Paranagua: USD 2.000/40HC, transit 36 days');

    // 'Corrigir' on Paranaguá's transit changes that port only, and says it was corrected.
    expect(port('Paranaguá').prazo.campo).toMatch(/^destinos\.\d\.transit_time_dias$/);
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quotes/${q.quote.id}/respostas/${port('Paranaguá').respostaId}/correcoes`,
      headers: { authorization: `Bearer ${q.token}` },
      payload: { campo: port('Paranaguá').prazo.campo, valor: 38 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const after = (await get(`/api/quotes/${q.quote.id}/comparison`, q.token)).json() as Comparison;
    const again = (name: string) => after.linhas.find((row) => row.destino === name)!;
    expect(again('Paranaguá').prazo).toMatchObject({ valor: 38, corrigido: true });
    expect(again('Santos').prazo).toMatchObject({ valor: 32, corrigido: false });
  });

  it.each([
    [
      'on one line',
      'Prezados,\n\nOpção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias. Sugerimos a opção 2.\n\nAbs, Carla',
    ],
    [
      'one per line',
      'Prezados,\n\nOpção 1: MSC USD 2.900/40HC, 35 dias\nOpção 2: COSCO USD 2.750/40HC, 38 dias\nSugerimos a opção 2.\n\nAbs, Carla',
    ],
  ])(
    'two options %s, the second recommended: the row is the second option (QA pass 22)',
    async (_label, text) => {
      const q = await quoteScenario(ctx);
      await ctx.app.services.inbound.ingest(
        await carrierReply({ from: q.carriers[0]!.email, to: q.replyTo(0), text }),
        { source: 'imap' },
      );
      const body = await waitFor(async () => {
        const value = (await get(`/api/quotes/${q.quote.id}/comparison`, q.token)).json() as Comparison;
        return value.linhas[0]?.extracao === 'concluida' ? value : undefined;
      }, 20_000);
      const row = body.linhas[0]!;
      // 2 × 40HC × USD 2.750 = 5.500 × 5,2456 = R$ 28.850,80; 38 days; no charge (option 1's 2.900 read as a fee).
      expect(row.fretes.map((frete) => [frete.tipo, frete.valor, frete.quantidade])).toEqual([
        ['40HC', 2750, 2],
      ]);
      expect(row.taxas).toEqual([]);
      expect(row).toMatchObject({ custoTotalBRL: 28850.8, prazo: { valor: 38 }, precificada: true });
      // The row says which option it compares and which it leaves out.
      expect(row.alertas?.find((alerta) => alerta.tipo === 'outrasOpcoes')?.texto).toMatch(
        /^A resposta traz 2 opções: comparada a recomendada pelo agente \(“Opção 2: COSCO USD 2\.750\/40HC, 38 dias[^”]*”\); fora da comparação: “Opção 1: MSC USD 2\.900\/40HC, 35 dias\.?”$/,
      );
      // The comparative files say it too (QA pass 26: only the screen did): the Excel's 'Alertas', the PDF.
      const excel = await get(`/api/quotes/${q.quote.id}/comparative-excel`, q.token);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
      const summary = workbook.getWorksheet('Comparativo')!;
      const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
      expect(
        String(summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Alertas')).value),
      ).toMatch(/comparada a recomendada pelo agente \(“Opção 2: COSCO/);
      const pdf = await get(`/api/quotes/${q.quote.id}/comparative-pdf`, q.token);
      const pdfText = (
        await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
      ).text;
      expect(pdfText.replace(/\s+/g, ' ')).toContain('fora da comparação: “Opção 1: MSC');
      // The approval e-mail names the option approved.
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/quotes/${q.quote.id}/approve`,
        headers: { authorization: `Bearer ${q.token}` },
        payload: { responseId: row.respostaId },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const mail = await waitFor(async () =>
        (await readSentMail(ctx.config)).find(
          (m) => m.to.includes(q.carriers[0]!.email) && m.subject === `Cotação ${q.quote.codigo} aprovada`,
        ),
      );
      expect(mail.text).toMatch(/Opção aprovada: “Opção 2: COSCO USD 2\.750\/40HC, 38 dias/);
      // The responses list carries the options (only they, of the message's parts), so the card can say
      // which was read and that the carrier recommended it.
      const list = (await get(`/api/quotes/${q.quote.id}/respostas`, q.token)).json().data as ResponseEntry[];
      const blocks = list.find((entry) => entry.transportadorId === q.carriers[0]!.id)!.dadosExtraidos!
        .blocks;
      expect(blocks.map((block) => [block.kind, block.title, block.recomendada])).toEqual([
        ['alternative_discarded', expect.stringMatching(/^Opção 1: MSC USD 2\.900\/40HC, 35 dias/), false],
        ['alternative', expect.stringMatching(/^Opção 2: COSCO USD 2\.750\/40HC, 38 dias/), true],
      ]);
    },
  );

  it('a carrier whose request bounced is not waited for: listed apart with the reason', async () => {
    const other = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const result = await ctx.app.services.inbound.ingest(
      deliveryFailureReport({
        replyTo: other.replyTo(1),
        messageId: other.recipients[1]!.messageId!,
        email: other.carriers[1]!.email,
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('devolucao');
    const response = await get(`/api/quotes/${other.quote.id}/comparison`, other.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Comparison;
    expect(body.pendentes.map((p) => p.transportadorId).sort()).toEqual(
      [other.carriers[0]!.id, other.carriers[2]!.id].sort(),
    );
    expect(body.naoEntregues).toEqual([
      {
        transportadorId: other.carriers[1]!.id,
        nome: other.carriers[1]!.nome,
        motivo: expect.stringContaining('5.1.1'),
      },
    ]);
  });

  it('one row per answer and destination, with the spec totals', async () => {
    const body = await comparison();
    expect(body.linhas.map((row) => [row.transportador.nome, row.destino])).toEqual([
      ['Atlântica Cargas', 'Santos'],
      ['Pacífico Logística', 'Santos'],
      ['Pacífico Logística', 'Itajaí'],
    ]);
    // 2 × 40HC USD 2950 + BL fee USD 75 (per BL, once); THC R$ 1450 per container × 2 = R$ 2900 (issue 30)
    expect(rowOf(body, 0)).toMatchObject({
      valorUSD: 5975,
      valorBRL: 2900,
      custoRodoviario: 0,
      custoTotalBRL: 34242.46,
      custoTotalUSD: 6527.84,
      prazo: { valor: 32, campo: 'transit_time_dias' },
      freeTime: { valor: 14 },
      validade: { valor: '2026-12-30', expirada: false },
      faltando: [],
      destaque: { menorCusto: true, menorPrazo: true },
    });
    expect(rowOf(body, 0).fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([
      ['20DC', 1850, 0],
      ['40HC', 2950, 2],
    ]);
    expect(rowOf(body, 0).fretes[1]!.fonte).toMatchObject({ text: 'Frete marítimo 40HC: USD 2.950,00' });
    // Itajaí: 2 × 2900 + BL 80 = USD 5880; THC 2 × R$ 1500 + road freight 2 × R$ 1035 = R$ 5070
    expect(rowOf(body, 1, 'Itajaí')).toMatchObject({
      valorUSD: 5880,
      valorBRL: 3000,
      custoRodoviario: 2070,
      custoTotalBRL: 35914.13,
      custoTotalUSD: 6846.52,
    });
    expect(rowOf(body, 1, 'Santos')).toMatchObject({ custoTotalBRL: 35417.81, custoTotalUSD: 6751.91 });
  });

  it('applies the margin asked (0 to 100, step 0.1)', async () => {
    const body = await comparison('?exchangeMargin=0');
    expect(body.taxa).toMatchObject({ margem: 0, taxa: 5.1177 });
    expect(rowOf(body, 0)).toMatchObject({ custoTotalBRL: 33478.26, custoTotalUSD: 6541.66 });
    expect((await comparison('?exchangeMargin=100')).taxa.taxa).toBe(10.2354);
    // 5.1177 × 1.037 = 5.30705… → 5.3071
    expect((await comparison('?exchangeMargin=3.7')).taxa.taxa).toBe(5.3071);
  });

  it.each(['abc', '-1', '100.1', '2.55', '', '%20', 'NaN', '1e3'])(
    'refuses the margin %j with the field message, 400',
    async (margin) => {
      const response = await get(`/api/quotes/${s.quote.id}/comparison?exchangeMargin=${margin}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: fieldMessages.exchangeMarginInvalid,
        errors: [{ path: 'exchangeMargin', message: fieldMessages.exchangeMarginInvalid }],
      });
    },
  );

  it('the service refuses a bad margin too (the comparative documents call it directly)', async () => {
    await expect(
      ctx.app.services.comparison.forQuote(checkedTenant(s.empresaId), s.quote.id, 101),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('when the PTAX service fails, the totals use the fallback 5.2 + margin, flagged', async () => {
    fake.mode = 'error';
    const body = await comparison();
    expect(body.taxa).toEqual({
      moeda: 'USD',
      ptax: 5.2,
      dataCotacao: null,
      fonte: 'fallback',
      margem: 2.5,
      taxa: 5.33,
      eur: { ptax: 5.6, dataCotacao: null, fonte: 'fallback', taxa: 5.74 },
    });
    expect(rowOf(body, 0)).toMatchObject({ custoTotalBRL: 34746.75, custoTotalUSD: 6519.09 });
  });

  it('an answer in BRL without transit time: summed in BRL, transit missing, sorted by total', async () => {
    await reply(2, IN_BRL_WITHOUT_TRANSIT, 3);
    const body = await comparison();
    expect(rowOf(body, 2)).toMatchObject({
      // 2 × 16500 + THC 2 × 1400 + liberação 350 per BL
      valorUSD: 0,
      valorBRL: 36150,
      custoTotalBRL: 36150,
      custoTotalUSD: 6891.49,
      prazo: { valor: null },
      faltando: ['prazo'],
      destaque: { menorCusto: false, menorPrazo: false },
    });
    expect(body.linhas.map((row) => row.custoTotalBRL)).toEqual([34242.46, 35417.81, 35914.13, 36150]);
    expect(body.pendentes).toEqual([]);
  });

  it("a revised answer is the new version and shows the change against the previous one (▼ 120,00 USD per 40')", async () => {
    await reply(0, typicalAnswer({ frete40: 2830 }), 3);
    const row = rowOf(await comparison(), 0);
    expect(row.versao).toBe(2);
    expect(row.custoTotalBRL).toBe(32983.52);
    expect(row.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -1258.94,
      custoTotalUSD: -240,
      prazo: 0,
    });
  });

  it("an analyst's corrections (PUT …/correcoes) flow in through the responses read, marked corrected", async () => {
    const current = rowOf(await comparison(), 0);
    const correct = (campo: string, valor: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/quotes/${s.quote.id}/respostas/${current.respostaId}/correcoes`,
        headers: { authorization: `Bearer ${s.token}` },
        payload: { campo, valor },
      });
    // The 40HC line of the revised answer (USD 2830) corrected to 2500: 2 × 2500 + BL fee 75.
    expect((await correct('fretes.1.valor', 2500)).statusCode).toBe(200);
    let row = rowOf(await comparison(), 0);
    expect(row).toMatchObject({ versao: 2, valorUSD: 5075, custoTotalBRL: 29521.42, custoTotalUSD: 5627.84 });
    expect(row.fretes[1]).toMatchObject({ valor: 2500, corrigido: true, campo: 'fretes.1.valor' });
    expect(row.fretes[0]).toMatchObject({ corrigido: false });
    expect(row.variacao).toMatchObject({ custoTotalBRL: -4721.04, custoTotalUSD: -900 });
    // A correction of the summary field replaces the line it summarises.
    expect((await correct('preco_por_container_40', 2400)).statusCode).toBe(200);
    row = rowOf(await comparison(), 0);
    expect(row).toMatchObject({ valorUSD: 4875, custoTotalBRL: 28472.3, custoTotalUSD: 5427.84 });
    expect(row.fretes[1]).toMatchObject({ valor: 2400, corrigido: true, campo: 'preco_por_container_40' });
  });

  it('answers with an ETag that changes with the margin and with any answer, and 304 while nothing did', async () => {
    const url = `/api/quotes/${s.quote.id}/comparison`;
    await outboxSettled(ctx);
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${s.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await get(`${url}?exchangeMargin=3`)).headers.etag).not.toBe(etag);
    // The quote's answers change (a column no route of ours writes, as another process could): a new
    // comparison, not the kept one.
    await ctx.app.services.database.db.execute(
      sql`update cotacao_destinatarios set nome = 'Agente Renomeado' where cotacao_id = ${s.quote.id} and transportador_id = ${s.carriers[0]!.id}`,
    );
    const changed = await get(url);
    expect(changed.headers.etag).not.toBe(etag);
    expect(rowOf(changed.json() as Comparison, 0).transportador.nome).toBe('Agente Renomeado');
  });

  it("another company's quote is not found (404 'Cotação não encontrada'), nor an unknown one", async () => {
    const other = await quoteScenario(ctx);
    const response = await get(`/api/quotes/${s.quote.id}/comparison`, other.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'QUOTE_NOT_FOUND',
      message: errorMessages.QUOTE_NOT_FOUND,
    });
    expect(errorMessages.QUOTE_NOT_FOUND).toBe('Cotação não encontrada');
    const unknown = await get('/api/quotes/00000000-0000-4000-8000-000000000000/comparison');
    expect(unknown.statusCode).toBe(404);
    await expect(
      ctx.app.services.comparison.forQuote(checkedTenant(other.empresaId), s.quote.id, 2.5),
    ).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
  });

  it('needs a session and a company', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/quotes/${s.quote.id}/comparison` });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await registerUser(ctx, 'sem-empresa@comparacao.com.br');
    const noCompany = await get(`/api/quotes/${s.quote.id}/comparison`, token);
    expect(noCompany.statusCode).toBe(403);
  });
});
