import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * QA pass 41c (several ports, airports and table layouts), through the real pipeline (SMTP bytes → ingest →
 * extraction → comparison, Excel), against hand totals at the fake PTAX 5,1177 + 2,5 % = 5,2456:
 * - "BL fee: USD 75.00 per BL (not included in the freight)" was dropped from the total;
 * - "All in includes THC at destination and ISPS. Excluding BL fee USD 75.00 per BL." was a freight per BL,
 *   not counted;
 * - a "Mínimo" column beside a freight per W/M was ignored;
 * - two airports' weight-break lists ("FRA-GRU: M 95 / -45 7,10 / …") were one list: Guarulhos was priced
 *   at Viracopos's rates; "Transit time: GRU 2 dias / VCP 3 dias" gave both 3 days;
 * - "Paranaguá: …; validade 31/12/2026; transit time 38 dias; free time 14 dias." was skipped: both ports took
 *   the other line's days.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

type Scenario = Awaited<ReturnType<typeof quoteScenario>>;

async function replyTo(s: Scenario, carrier: number, text: string) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[carrier]!.email, to: s.replyTo(carrier), text }),
    { source: 'imap' },
  );
}

const get = (s: Scenario, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

/** The comparison once every carrier's reply is read. */
async function comparisonOf(s: Scenario, replies: number): Promise<Comparison> {
  return waitFor(async () => {
    const data = (await get(s, `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
    const read = new Set(
      data.linhas.filter((row) => row.extracao === 'concluida').map((r) => r.transportadorId),
    );
    return read.size >= replies ? data : undefined;
  }, 60_000);
}

const rowOf = (data: Comparison, s: Scenario, carrier: number, destino?: string): ComparisonRow =>
  data.linhas.find(
    (row) =>
      row.transportadorId === s.carriers[carrier]!.id && (destino === undefined || row.destino === destino),
  )!;

async function excelTotals(s: Scenario): Promise<string[]> {
  const excel = await get(s, `/api/quotes/${s.quote.id}/comparative-excel`);
  expect(excel.statusCode, excel.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Comparativo')!;
  const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
  const totals: string[] = [];
  for (let i = SUMMARY_HEADER_ROW + 1; i <= summary.rowCount; i++)
    totals.push(String(summary.getRow(i).getCell(headers.indexOf('Total (BRL)')).value));
  return totals;
}

describe('an LCL quote: a fee "not included" and a minimum in a table column (QA pass 41c)', () => {
  it('counts the fee on top and raises the freight to its minimum: screen and Excel', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Maré Alta LCL', email: 'lcl@marealta-q41.com.br' },
        { nome: 'Pacífico LCL', email: 'lcl@pacifico-q41.com.br' },
      ],
      quote: {
        tipoFrete: 'LCL',
        origem: 'Hamburgo, DE',
        destino: 'Santos, BR',
        pesoBrutoTotal: '1.500 kg / 4,2 m³',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '6 pallets', dimensoes: null }],
      },
    });
    await replyTo(
      s,
      0,
      [
        'Prezados,',
        '',
        'Frete LCL: USD 45,00 por W/M',
        'BL fee: USD 75.00 per BL (not included in the freight)',
        'Desconsolidação: R$ 400,00 por BL',
        '',
        'Att,',
        'Maré Alta',
      ].join('\n'),
    );
    await replyTo(
      s,
      1,
      [
        'Prezada Ana,',
        '',
        'Destino | Frete (USD por W/M) | Mínimo | Transit time',
        'Santos | USD 40,00 | USD 200,00 | 28 dias',
        '',
        'BL fee: USD 50,00 por BL',
        '',
        'Att,',
        'Pacífico',
      ].join('\n'),
    );
    const data = await comparisonOf(s, 2);
    // 4,2 W/M (4,2 m³ > 1,5 t) × 45 = 189 + BL 75 = USD 264 × 5,2456 = 1.384,84 + R$ 400 = R$ 1.784,84
    // (it dropped the BL fee: R$ 1.391,41).
    expect(rowOf(data, s, 0)).toMatchObject({ valorUSD: 264, valorBRL: 400, custoTotalBRL: 1784.84 });
    // 4,2 × 40 = 168 < minimum 200: USD 200 + BL 50 = 250 × 5,2456 = R$ 1.311,40 (it counted 168: R$ 1.143,54).
    const pacifico = rowOf(data, s, 1);
    expect(pacifico.fretes[0]).toMatchObject({
      valor: 40,
      minimo: 200,
      minimoAplicado: true,
      valorTotal: 200,
    });
    expect(pacifico).toMatchObject({ valorUSD: 250, custoTotalBRL: 1311.4 });
    expect((await excelTotals(s)).sort()).toEqual(['1311.4', '1784.84']);
  });
});

describe('an all-in price with "Excluding BL fee USD 75.00 per BL." in a sentence of its own (QA pass 41c)', () => {
  it('counts the BL fee on top of the all-in freight', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Maré Alta FCL', email: 'fcl@marealta-q41.com.br' }],
    });
    await replyTo(
      s,
      0,
      [
        'Hi Ana,',
        '',
        'POL: Shanghai',
        'POD: Santos',
        'Ocean freight ALL IN:',
        '- 40HC: USD 3,250.00',
        'All in includes THC at destination and ISPS. Excluding BL fee USD 75.00 per BL.',
        '',
        'Transit time: 40 days',
        '',
        'Best regards,',
        'John',
      ].join('\n'),
    );
    const row = rowOf(await comparisonOf(s, 1), s, 0);
    // 2 × 3.250 + 75 = USD 6.575 × 5,2456 = R$ 34.489,82 (the 75 was a freight per BL, not counted).
    expect(row).toMatchObject({ valorUSD: 6575, valorBRL: 0, custoTotalBRL: 34489.82 });
    expect(row.taxas.find((fee) => fee.nome === 'BL FEE')).toMatchObject({ valor: 75, contabilizada: true });
    expect(await excelTotals(s)).toEqual(['34489.82']);
  });
});

describe('an air quote to two airports, each with its weight-break list (QA pass 41c)', () => {
  it('prices each airport at its own band and gives each its transit time', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Céu Azul Q41', email: 'air@ceuazul-q41.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        origem: 'Frankfurt, DE',
        destino: 'Guarulhos / Viracopos',
        pesoBrutoTotal: '520 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 caixas', dimensoes: null }],
      },
    });
    await replyTo(
      s,
      0,
      [
        'Olá Ana,',
        '',
        'Segue tarifa aérea FRA para os dois aeroportos (USD por kg, peso taxado):',
        '',
        'FRA-GRU: M 95,00 / -45 7,10 / +45 5,60 / +100 4,35 / +300 3,90 / +500 3,45',
        'FRA-VCP: M 90,00 / -45 6,90 / +45 5,40 / +100 4,20 / +300 3,70 / +500 3,30',
        '',
        'AWB fee: USD 35,00 por AWB',
        '',
        'Transit time: GRU 2 dias / VCP 3 dias',
        '',
        'Abraço,',
        'Renata',
      ].join('\n'),
    );
    const data = await comparisonOf(s, 1);
    // GRU: 520 kg × 3,45 = 1.794 + 35 = USD 1.829 × 5,2456 = R$ 9.594,20; VCP: 520 × 3,30 = 1.716 + 35 =
    // USD 1.751 × 5,2456 = R$ 9.185,05 (both were priced at 3,30).
    const gru = rowOf(data, s, 0, 'Guarulhos');
    const vcp = rowOf(data, s, 0, 'Viracopos');
    expect(gru).toMatchObject({ valorUSD: 1829, custoTotalBRL: 9594.2 });
    // Every band is listed; the one of 520 kg is counted.
    expect(gru.fretes.filter((freight) => freight.quantidade === 520)).toMatchObject([
      { valor: 3.45, faixa: '+500 kg', valorTotal: 1794 },
    ]);
    expect(vcp).toMatchObject({ valorUSD: 1751, custoTotalBRL: 9185.05 });
    expect(gru.prazo.valor).toBe(2);
    expect(vcp.prazo.valor).toBe(3);
    expect(gru.destaque.menorPrazo).toBe(true);
    expect(vcp.destaque.menorPrazo).toBe(false);
    expect((await excelTotals(s)).sort()).toEqual(['9185.05', '9594.2']);
  });
});

describe('one line per port with its validity, transit and free time (QA pass 41c)', () => {
  it('gives each port its own transit and free time', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Atlântico Q41', email: 'pricing@atlantico-q41.com.br' }],
      quote: {
        origem: 'Busan, KR',
        destino: 'Santos, BR / Paranaguá, BR',
        itens: [{ mercadoria: 'Pneus', quantidadeVolumes: '1 x 40HC', dimensoes: null }],
      },
    });
    await replyTo(
      s,
      0,
      [
        'Prezada Ana,',
        'Segue proposta Busan:',
        'Santos: 40HC USD 2.400,00; THC R$ 1.450,00; validade 15/12/2026; transit time 35 dias; free time 10 dias.',
        'Paranaguá: 40HC USD 2.300,00; THC R$ 1.300,00; validade 31/12/2026; transit time 38 dias; free time 14 dias.',
        'Att,',
        'Carla',
      ].join('\n'),
    );
    const data = await comparisonOf(s, 1);
    const santos = rowOf(data, s, 0, 'Santos');
    const paranagua = rowOf(data, s, 0, 'Paranaguá');
    expect([santos.prazo.valor, santos.freeTime.valor, santos.validade.valor]).toEqual([
      35,
      10,
      '2026-12-15',
    ]);
    expect([paranagua.prazo.valor, paranagua.freeTime.valor, paranagua.validade.valor]).toEqual([
      38,
      14,
      '2026-12-31',
    ]);
    // Each port's validity is its own to correct, from its own line.
    expect(paranagua.validade.campo).toMatch(/^destinos\.\d\.validade$/);
    expect(paranagua.validade.fonte?.text).toContain('Paranaguá');
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quotes/${s.quote.id}/respostas/${paranagua.respostaId}/correcoes`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { campo: paranagua.validade.campo, valor: '2027-01-10' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const again = await comparisonOf(s, 1);
    expect(rowOf(again, s, 0, 'Paranaguá').validade).toMatchObject({ valor: '2027-01-10', corrigido: true });
    expect(rowOf(again, s, 0, 'Santos').validade).toMatchObject({ valor: '2026-12-15', corrigido: false });
    // Approving Paranaguá tells the carrier Paranaguá's terms, not Santos's.
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/approve`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: {
        responseId: paranagua.respostaId,
        destino: 'Paranaguá',
        assuntoPersonalizado: 'Aprovação Paranaguá Q41',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find((m) => m.subject === 'Aprovação Paranaguá Q41'),
    );
    expect(mail.text).toContain('Transit time: 38 dias');
    expect(mail.text).toContain('10/01/2027');
    expect(mail.text).not.toContain('15/12/2026');
  });
});

describe('an air reply stating "820 kg brutos / 1.280 kg taxados" (QA pass 41a)', () => {
  it('prices its own chargeable weight, as a reply saying "chargeable weight 1.280 kg" is', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Pacífico Aéreo Q41', email: 'air@pacifico-q41.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        origem: 'Frankfurt, DE',
        destino: 'Viracopos',
        pesoBrutoTotal: '820 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes: null }],
      },
    });
    await replyTo(
      s,
      0,
      [
        'Prezado,',
        '',
        'Aéreo FRA x VCP, 820 kg brutos / 1.280 kg taxados:',
        'Frete aéreo USD 4,30/kg all in (inclui FSC e SSC)',
        'Taxa AWB USD 40,00',
        'Handling destino R$ 700,00',
        'Trânsito 2 dias.',
        '',
        'Rafael',
      ].join('\n'),
    );
    const row = rowOf(await comparisonOf(s, 1), s, 0);
    // 1.280 kg × 4,30 = 5.504 + AWB 40 = USD 5.544 × 5,2456 = 29.081,61 + R$ 700 = R$ 29.781,61 (it counted the
    // quote's 820 kg: R$ 19.406,09).
    expect(row.fretes.find((freight) => freight.quantidade !== undefined)).toMatchObject({
      valor: 4.3,
      quantidade: 1280,
    });
    expect(row).toMatchObject({ valorUSD: 5544, valorBRL: 700, custoTotalBRL: 29781.61 });
  });
});

describe('one e-mail answering two quotes, one line each (QA pass 41b)', () => {
  it("reads only this quote's line, and says the message speaks of the other", async () => {
    const a = await quoteScenario(ctx, {
      carriers: [{ nome: 'Duas Cotações Cargas', email: 'pricing@duas-q41.com.br' }],
    });
    const b = await quoteScenario(ctx, { in: a });
    await replyTo(
      b,
      0,
      [
        'Prezados,',
        '',
        'Segue para as duas cotações:',
        `${a.quote.codigo}: Frete 40HC USD 2.010,00`,
        `${b.quote.codigo}: Frete 40HC USD 2.020,00`,
        'THC: R$ 1.450,00 por contêiner',
        '',
        'Att',
      ].join('\n'),
    );
    const row = rowOf(await comparisonOf(b, 1), b, 0);
    // 2 × 2.020 = USD 4.040 × 5,2456 = 21.192,22 + 2 × R$ 1.450 = R$ 24.092,22 (it read the other's 2.010).
    expect(row).toMatchObject({ valorUSD: 4040, valorBRL: 2900, custoTotalBRL: 24092.22 });
    const entries = (await get(b, `/api/quotes/${b.quote.id}/respostas`)).json().data as {
      dadosExtraidos: { detect: { reasons: string[] } } | null;
    }[];
    expect(entries[0]!.dadosExtraidos!.detect.reasons).toContain(
      `valores de outra cotação ignorados: ${a.quote.codigo}`,
    );
  });
});
