import { type Comparison, comparisonSchema } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * QA pass (high severity): an LCL quote answered by four forwarders, three of them each lacking a charge the
 * others quote and one "all in". Only the complete proposal could be "Menor custo", 42 % dearer than an
 * incomplete one that, completed at the dearest price another forwarder quotes for what it lacks, stays far
 * below it. Over the real pipeline (ingest → extraction → comparison → Excel, PDF, comparative e-mail),
 * "Menor custo (estimado)" goes to the lowest estimate, which every rendering says. The fake Banco Central
 * gives PTAX 5.1177; with the default margin of 2.5 % every total uses 5,2456.
 *
 * 4.200 kg / 7,8 m³: W/M = max(4,2 t; 7,8 m³) = 7,8. Santos has no road cost.
 *   Atlântico: USD 7,8 × 38 = 296,40 + BL 60 = 356,40 × 5,2456 = 1.869,53184; BRL desconsolidação 7,8 × 95 =
 *     741,00 → R$ 2.610,53184 → R$ 2.610,53. Lacks the CFS (the LCL THC) Maré Alta and Pacífico quote.
 *   Maré Alta: USD 7,8 × 36 = 280,80 + BAF 60 + BL 55 = 395,80 × 5,2456 = 2.076,20848; BRL CFS 7,8 × 85 =
 *     663,00 → R$ 2.739,20848 → R$ 2.739,21. Lacks the desconsolidação Atlântico and Pacífico quote.
 *   Pacífico: USD 7,8 × 45 = 351,00 × 5,2456 = 1.841,2056; BRL THC 7,8 × 70 = 546,00 + desconsolidação 400 →
 *     R$ 2.787,2056 → R$ 2.787,21. Lacks the BL fee Atlântico and Maré Alta quote.
 *   Rota Sul, all in: USD 7,8 × 95 = 741,00 × 5,2456 = R$ 3.886,9896 → R$ 3.886,99, complete.
 * Completed with the highest amount another forwarder counts for what each lacks (rounded to cents):
 *   Atlântico + CFS of Maré Alta R$ 663,00 (over Pacífico's THC 546,00) = R$ 3.273,53;
 *   Maré Alta + desconsolidação of Atlântico R$ 741,00 (over Pacífico's 400) = R$ 3.480,21;
 *   Pacífico + BL fee of Atlântico USD 60 × 5,2456 = 314,736 → R$ 314,74 (over Maré Alta's 55 × 5,2456 =
 *     288,51) = R$ 3.101,95 — the lowest: "Menor custo (estimado)". Rota Sul (R$ 3.886,99) is not marked.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let lcl: Scenario;

const CARRIERS = [
  { nome: 'Atlântico Cargas', email: 'pricing@atlantico-est.com.br' },
  { nome: 'Maré Alta', email: 'cotacoes@marealta-est.com.br' },
  { nome: 'Pacífico Logística', email: 'lcl@pacifico-est.com.br' },
  { nome: 'Rota Sul', email: 'comercial@rotasul-est.com.br' },
];

const REPLIES = [
  [
    'Prezados,',
    '',
    'Segue proposta LCL Shanghai x Santos:',
    '',
    'Frete marítimo LCL: USD 38,00 por W/M',
    'BL fee: USD 60,00 por BL',
    'Desconsolidação: R$ 95,00 por m³',
    'Transit time: 35 dias',
    'Free time: 7 dias',
    'Validade: 30/12/2026',
    '',
    'Att,',
    'Atlântico Cargas',
  ],
  [
    'Boa tarde,',
    '',
    'Cotação LCL Shanghai x Santos:',
    '',
    'Frete LCL: USD 36,00/W/M',
    'BAF: USD 60,00 por BL',
    'BL fee: USD 55,00 por BL',
    'CFS: R$ 85,00 por m³',
    'Transit time: 38 dias',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Maré Alta',
  ],
  [
    'Prezados,',
    '',
    'Segue nossa proposta LCL:',
    '',
    'O/F: USD 45,00 per W/M',
    'THC: R$ 70,00 por m³',
    'Desconsolidação: R$ 400,00 por BL',
    'Transit time: 36 dias',
    'Validade: 30/12/2026',
    '',
    'Att,',
    'Pacífico Logística',
  ],
  [
    'Prezados,',
    '',
    'Frete LCL all in: USD 95,00 por W/M (todas as taxas inclusas)',
    'Transit time: 33 dias',
    'Validade: 30/12/2026',
    '',
    'Abraços,',
    'Rota Sul',
  ],
].map((lines) => lines.join('\n'));

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${lcl.token}` } });

async function reply(index: number, text: string) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: lcl.carriers[index]!.email, to: lcl.replyTo(index), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call('GET', `/api/quotes/${lcl.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      atual: { extracao: string } | null;
    }[];
    return (
      list.find((entry) => entry.transportadorId === lcl.carriers[index]!.id)?.atual?.extracao === 'concluida'
    );
  }, 30_000);
}

async function comparison(): Promise<Comparison> {
  const response = await call('GET', `/api/quotes/${lcl.quote.id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  return comparisonSchema.parse(response.json());
}

const rowOf = (body: Comparison, nome: string) => body.linhas.find((row) => row.transportador.nome === nome)!;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  lcl = await quoteScenario(ctx, {
    carriers: CARRIERS,
    quote: {
      tipoFrete: 'LCL',
      pesoBrutoTotal: '4.200 kg',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '12 pallets', dimensoes: 'total 7,8 m³' }],
    },
  });
  for (const [index, text] of REPLIES.entries()) await reply(index, text);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('"Menor custo (estimado)": an incomplete proposal completed at the others\' prices', () => {
  it('the comparison: the totals as computed, what each lacks, the lowest estimate marked', async () => {
    const body = await comparison();
    expect(body.taxa.taxa).toBe(5.2456);
    expect(
      body.linhas.map((row) => [
        row.transportador.nome,
        row.custoTotalBRL,
        row.taxasAusentes ?? [],
        row.destaque.menorCusto,
      ]),
    ).toEqual([
      ['Atlântico Cargas', 2610.53, ['CFS'], false],
      ['Maré Alta', 2739.21, ['DESCONSOLIDACAO'], false],
      ['Pacífico Logística', 2787.21, ['BL FEE'], true],
      ['Rota Sul', 3886.99, [], false],
    ]);
    expect(rowOf(body, 'Atlântico Cargas')).toMatchObject({ valorUSD: 356.4, valorBRL: 741 });
    expect(rowOf(body, 'Maré Alta')).toMatchObject({ valorUSD: 395.8, valorBRL: 663 });
    expect(rowOf(body, 'Pacífico Logística')).toMatchObject({ valorUSD: 351, valorBRL: 946 });
    expect(rowOf(body, 'Rota Sul')).toMatchObject({ valorUSD: 741, valorBRL: 0, freteAllIn: true });
    const pacifico = rowOf(body, 'Pacífico Logística');
    expect(pacifico.menorCustoEstimado).toEqual({
      totalBRL: 3101.95,
      taxas: [{ nome: 'BL FEE', valorBRL: 314.74, transportador: 'Atlântico Cargas' }],
    });
    // Its own totals are unchanged: the estimate is for choosing and saying only.
    expect([pacifico.custoTotalBRL, pacifico.custoTotalUSD]).toEqual([2787.21, 531.34]);
    for (const nome of ['Atlântico Cargas', 'Maré Alta', 'Rota Sul'])
      expect(rowOf(body, nome).menorCustoEstimado).toBeUndefined();
    // Every incomplete row says its estimate (QA pass 26), as computed above: Atlântico + Maré Alta's CFS
    // R$ 663,00 = R$ 3.273,53; Maré Alta + Atlântico's desconsolidação R$ 741,00 = R$ 3.480,21; Rota Sul none.
    expect(rowOf(body, 'Atlântico Cargas').custoEstimado).toEqual({
      totalBRL: 3273.53,
      taxas: [{ nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' }],
    });
    expect(rowOf(body, 'Maré Alta').custoEstimado?.totalBRL).toBe(3480.21);
    expect(rowOf(body, 'Rota Sul').custoEstimado).toBeUndefined();
  });

  it('the Excel: the mark and the sentence in "Destaque"; "Valor contabilizado" sums to the totals', async () => {
    const excel = await call('GET', `/api/quotes/${lcl.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const rows = new Map<string, ExcelJS.Row>();
    for (let i = SUMMARY_HEADER_ROW + 1; i <= summary.rowCount; i++) {
      const row = summary.getRow(i);
      rows.set(String(row.getCell(headers.indexOf('Agente de carga')).value), row);
    }
    const cell = (nome: string, header: string) => rows.get(nome)!.getCell(headers.indexOf(header)).value;
    expect(cell('Pacífico Logística', 'Total (BRL)')).toBe(2787.21);
    expect(cell('Pacífico Logística', 'Destaque')).toBe(
      'Menor custo (estimado)\nEstimado em R$ 3.101,95, completando com BL FEE de Atlântico Cargas (R$ 314,74)',
    );
    expect(cell('Rota Sul', 'Total (BRL)')).toBe(3886.99);
    expect(cell('Rota Sul', 'Destaque')).toBe('Menor prazo');
    expect(cell('Atlântico Cargas', 'Destaque')).toBeNull();
    // A row not the cheapest says its estimate under what it lacks, as the screen and the PDF (QA pass 40a).
    expect(String(cell('Atlântico Cargas', 'Faltando'))).toContain(
      'Estimado em R$ 3.273,53, completando com CFS de Maré Alta (R$ 663,00)',
    );
    expect(String(cell('Pacífico Logística', 'Faltando'))).not.toContain('Estimado em');
    expect(String(summary.getRow(SUMMARY_HEADER_ROW - 2).getCell(1).value)).toContain(
      'Menor custo (estimado): a proposta não traz todas as taxas',
    );

    // Per carrier and currency, the counted amounts of the detail sheet add up to the summary's freight
    // and fees (a line not counted leaves the column empty).
    const detail = workbook.getWorksheet('Detalhamento')!;
    const detailHeaders = (detail.getRow(1).values as unknown[]).map(String);
    const sums = new Map<string, number>();
    for (let i = 2; i <= detail.rowCount; i++) {
      const row = detail.getRow(i);
      const at = (header: string) => row.getCell(detailHeaders.indexOf(header)).value;
      const counted = at('Valor contabilizado');
      if (at('Contabilizada') === 'Não') expect(counted, String(at('Item'))).toBeNull();
      const key = `${at('Agente de carga')}|${at('Moeda')}`;
      sums.set(key, Math.round(((sums.get(key) ?? 0) + Number(counted ?? 0)) * 100) / 100);
    }
    expect(Object.fromEntries(sums)).toEqual({
      'Atlântico Cargas|USD': 356.4,
      'Atlântico Cargas|BRL': 741,
      'Maré Alta|USD': 395.8,
      'Maré Alta|BRL': 663,
      'Pacífico Logística|USD': 351,
      'Pacífico Logística|BRL': 946,
      'Rota Sul|USD': 741,
    });
  });

  it('the PDF: the estimated mark under the total, the sentence, the legend; the chart marks Pacífico', async () => {
    const pdf = await call('GET', `/api/quotes/${lcl.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('2.787,21 incompleta Menor custo (estimado): 3.101,95');
    expect(flat).toContain(
      'Menor custo (estimado): Estimado em R$ 3.101,95, completando com BL FEE de Atlântico Cargas (R$ 314,74)',
    );
    // The other incomplete rows say their estimate, not the mark (QA pass 27: every one was called so).
    expect(flat).toContain('Estimado em R$ 3.273,53, completando com CFS de Maré Alta (R$ 663,00)');
    expect(flat).not.toContain('Menor custo (estimado): Estimado em R$ 3.273,53');
    expect(flat).not.toContain('Menor custo (estimado): Estimado em R$ 3.480,21');
    expect(flat).toContain('Em verde: menor custo total (BRL) e menor transit time. Menor custo (estimado):');
    // The chart: Pacífico's bar (green) says its mark; Rota Sul's says nothing more than its total.
    expect(flat).toContain(
      'Pacífico Logística · Santos (da cotação) R$ 2.787,21 · incompleta · Menor custo (estimado)',
    );
    expect(flat).toContain('Rota Sul · Santos (da cotação) R$ 3.886,99 Comparativo de fretes');
    expect(flat).not.toContain('R$ 3.886,99 · Menor custo');
  });

  it('the comparative e-mail names the estimated cheapest, what it lacks and how it was completed', async () => {
    const sent = await call('POST', `/api/quotes/${lcl.quote.id}/send-comparative`, {
      exchangeMargin: 2.5,
      emails: ['gerencia@importadora.com.br'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes('gerencia@importadora.com.br') &&
          m.subject.startsWith(`Comparativo de fretes ${lcl.quote.codigo}`),
      ),
    );
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      'Menor custo total (estimado): Pacífico Logística, R$ 2.787,21 sem BL FEE. Estimado em R$ 3.101,95, completando com BL FEE de Atlântico Cargas (R$ 314,74).',
    );
    expect(text).not.toContain('Menor custo total: Rota Sul');
  });
});
