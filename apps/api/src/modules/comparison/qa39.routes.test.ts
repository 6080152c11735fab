import { readFileSync } from 'node:fs';
import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { composeMessage } from '../../inbound/compose.js';

/*
 * QA pass 39b, air replies with a "Mínimo" column, through the real pipeline to the screen, the Excel and the
 * PDF. The fake Banco Central gives PTAX 5.1177; with the margin of 2.5 % every total uses 5,2456.
 *
 * The quote: 350 kg gross, 1,8 m³ (300 kg at 1:6000): 350 kg chargeable.
 * - Atlântico, a PDF printed by a browser (the QA's own file): "Recargo de seguridad (SSC) USD   0,20   por kg
 *   25,00" — the label run into its currency with one space — was dropped, and the "Mínimo" column was read
 *   nowhere, so the pick-up (0,12 × 350 = 42 < minimum 60) counted 42. By hand: freight 4,10 × 350 = 1.435 +
 *   FSC 0,90 × 350 = 315 + SSC 0,20 × 350 = 70 + pick-up 60 + AWB 30 = USD 1.910; × 5,2456 = 10.019,10 +
 *   desconsolidação R$ 300 = R$ 10.319,10 (was USD 1.822: R$ 9.857,48).
 * - Céu Azul, an HTML table "Descrição | Valor | Base | Mínimo": pick-up 0,10 × 350 = 35 < USD 50 → 50. By
 *   hand: 3,95 × 350 = 1.382,50 + 0,85 × 350 = 297,50 + 0,15 × 350 = 52,50 + AWB 35 + pick-up 50 = USD 1.817,50;
 *   × 5,2456 = 9.533,88 + R$ 280 = R$ 9.813,88.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let air: Scenario;
/** 2 × 40HC Ningbo → Santos / Itapoá, answered with a spreadsheet whose rows name their port. */
let ports: Scenario;

/**
 * Rota Sul's spreadsheet as QA pass 39a sent it: "Destino | Descrição | Moeda | Valor unitário | Unidade |
 * Qtd | Total", each port's rows apart. Both freights were read without their port: Itapoá priced at
 * Santos's USD 2.650. By hand (5,2456): Santos (2.650 + 90) × 2 = USD 5.480 × 5,2456 = 28.745,89 + THC
 * 2 × 1.500 + BL 450 = R$ 32.195,89; Itapoá (2.750 + 90) × 2 = USD 5.680 × 5,2456 = 29.795,01 + THC
 * 2 × 1.300 + BL 450 = R$ 32.845,01 (its own THC), before the importer's road estimate.
 */
async function portsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Proposta');
  sheet.addRow(['ROTA SUL FREIGHT FORWARDING - PROPOSTA']);
  sheet.addRow(['POL: Ningbo, CN   Incoterm: FOB   Equipamento: 2 x 40HC']);
  sheet.addRow(['Destino', 'Descrição', 'Moeda', 'Valor unitário', 'Unidade', 'Qtd', 'Total']);
  for (const [porto, frete, thc] of [
    ['Santos', 2650, 1500],
    ['Itapoá', 2750, 1300],
  ] as const) {
    sheet.addRow([porto, 'Frete marítimo 40HC', 'USD', frete, 'por contêiner', 2, frete * 2]);
    sheet.addRow([porto, 'LSS (low sulphur surcharge)', 'USD', 90, 'por contêiner', 2, 180]);
    sheet.addRow([porto, 'THC destino', 'BRL', thc, 'por contêiner', 2, thc * 2]);
    sheet.addRow([porto, 'BL fee', 'BRL', 450, 'por BL', 1, 450]);
  }
  sheet.addRow(['Transit time: Santos 36 dias / Itapoá 39 dias (via Busan)']);
  sheet.addRow(['Validade: 31/12/2026']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const PDF = readFileSync(new URL('../../../test/fixtures/replies/qa39-air-table.pdf', import.meta.url));

const HTML = `<p>Prezados, bom dia!</p>
<p>Segue nossa melhor oferta para o embarque aéreo FRA → VCP (4 caixas, 350 kg brutos, 1,8 m³).</p>
<table border="1" cellpadding="4" style="border-collapse:collapse">
<tr><th>Descrição</th><th>Valor</th><th>Base</th><th>Mínimo</th></tr>
<tr><td>Frete aéreo FRA-VCP (Lufthansa Cargo)</td><td>USD 3,95</td><td>por kg</td><td>USD 120,00</td></tr>
<tr><td>Fuel surcharge (FSC)</td><td>USD 0,85</td><td>por kg</td><td>-</td></tr>
<tr><td>Security surcharge (SSC)</td><td>USD 0,15</td><td>por kg</td><td>-</td></tr>
<tr><td>Pick-up origem</td><td>USD 0,10</td><td>por kg</td><td>USD 50,00</td></tr>
<tr><td>AWB fee</td><td>USD 35,00</td><td>por AWB</td><td>-</td></tr>
<tr><td>Desconsolidação VCP</td><td>R$ 280,00</td><td>por processo</td><td>-</td></tr>
</table>
<p>Transit time: 3 dias (voo direto FRA-VCP)<br>Validade: 31/12/2026</p>
<p>Atenciosamente,<br><b>Juliana Prado</b><br>Céu Azul Cargas Aéreas</p>`;

const call = (method: 'GET' | 'POST', url: string, payload?: object, as: Scenario = air) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${as.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  air = await quoteScenario(ctx, {
    quote: {
      tipoFrete: 'AÉREO',
      origem: 'Frankfurt, DE',
      destino: 'Viracopos, BR',
      pesoBrutoTotal: '350 kg',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes: 'total 1,8 m³' }],
    },
    carriers: [
      { nome: 'Atlântico Logística', email: 'air@atlantico-q39.com.br' },
      { nome: 'Céu Azul Cargas', email: 'air@ceuazul-q39.com.br' },
    ],
  });
  await ctx.app.services.inbound.ingest(
    await carrierReply({
      from: air.carriers[0]!.email,
      to: air.replyTo(0),
      text: 'Prezados,\n\nSegue nossa cotação aérea em anexo.\n\nAtt,\nAtlântico Logística',
      attachments: [
        {
          filename: 'Cotizacion_Aerea_FRA-VCP_Atlantico.pdf',
          content: PDF,
          contentType: 'application/pdf',
        },
      ],
    }),
    { source: 'imap' },
  );
  await ctx.app.services.inbound.ingest(
    // HTML only (no text part), as the carrier's mail program sent it.
    await composeMessage({
      from: air.carriers[1]!.email,
      to: [air.replyTo(1)],
      subject: 'RE: Cotação',
      html: HTML,
    }),
    { source: 'imap' },
  );
  ports = await quoteScenario(ctx, {
    quote: { origem: 'Ningbo, CN', destino: 'Santos, BR / Itapoá, BR' },
    carriers: [{ nome: 'Rota Sul', email: 'pricing@rotasul-q39.com.br' }],
  });
  await ctx.app.services.inbound.ingest(
    await carrierReply({
      from: ports.carriers[0]!.email,
      to: ports.replyTo(0),
      text: 'Prezados,\n\nSegue nossa proposta na planilha anexa.\n\nAtt,\nRota Sul',
      attachments: [
        {
          filename: 'rotasul-proposta.xlsx',
          content: await portsWorkbook(),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    }),
    { source: 'imap' },
  );
  for (const s of [air, ports])
    await waitFor(async () => {
      const list = (await call('GET', `/api/quotes/${s.quote.id}/respostas`, undefined, s)).json().data as {
        atual: { extracao: string } | null;
      }[];
      return (
        list.length === s.carriers.length && list.every((entry) => entry.atual?.extracao === 'concluida')
      );
    }, 60_000);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

const rowOf = (comparison: Comparison, nome: string): ComparisonRow =>
  comparison.linhas.find((row) => row.transportador.nome === nome)!;
const feeTotal = (row: ComparisonRow, nome: string) =>
  row.taxas.find((fee) => fee.nome === nome)?.valorTotal ?? null;

describe('air tables with a minimum column, through the pipeline (QA pass 39b)', () => {
  it('counts the fee run into its currency and each minimum: the screen, the Excel and the PDF agree', async () => {
    const response = await call('GET', `/api/quotes/${air.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json() as Comparison;

    const atlantico = rowOf(comparison, 'Atlântico Logística');
    expect(feeTotal(atlantico, 'SSC')).toBe(70);
    expect(feeTotal(atlantico, 'PICKUP')).toBe(60);
    expect(atlantico).toMatchObject({ valorUSD: 1910, valorBRL: 300, custoTotalBRL: 10319.1 });

    const ceu = rowOf(comparison, 'Céu Azul Cargas');
    expect(feeTotal(ceu, 'PICKUP')).toBe(50);
    expect(ceu.fretes.map((frete) => [frete.valor, frete.minimo, frete.valorTotal])).toEqual([
      [3.95, 120, 1382.5],
    ]);
    expect(ceu).toMatchObject({ valorUSD: 1817.5, valorBRL: 280, custoTotalBRL: 9813.88 });

    const excel = await call('GET', `/api/quotes/${air.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const cells = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      return [...Array(sheet.rowCount).keys()].flatMap((i) =>
        (sheet.getRow(i + 1).values as unknown[]).map((value) => String(value ?? '')),
      );
    };
    expect(cells('Comparativo')).toEqual(expect.arrayContaining(['10319.1', '9813.88']));

    const pdf = await call('GET', `/api/quotes/${air.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('10.319,10');
    expect(pdfText).toContain('9.813,88');
  });
});

describe('a fee per kg added by hand with its minimum (QA pass 39b: the form had no minimum)', () => {
  it('counts the minimum when weight × rate is below it: the screen and the Excel agree', async () => {
    const before = rowOf(
      (await call('GET', `/api/quotes/${air.quote.id}/comparison`)).json(),
      'Céu Azul Cargas',
    );
    const url = `/api/quotes/${air.quote.id}/respostas/${before.respostaId}/taxas`;
    const invalid = await call('POST', url, {
      nome: 'Handling',
      moeda: 'USD',
      valor: 0.08,
      unidade: 'KG',
      origem: 'manual',
      minimo: -1,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { path: 'minimo', message: 'Informe um número válido (ex.: 1.250,00).' },
    ]);
    const added = await call('POST', url, {
      nome: 'Handling',
      moeda: 'USD',
      valor: 0.08,
      unidade: 'KG',
      origem: 'manual',
      minimo: 40,
    });
    expect(added.statusCode, added.body).toBe(200);
    const row = rowOf(
      (await call('GET', `/api/quotes/${air.quote.id}/comparison`)).json(),
      'Céu Azul Cargas',
    );
    // 0,08 × 350 kg = USD 28 < minimum USD 40 → 40. USD 1.817,50 + 40 = 1.857,50 × 5,2456 = 9.743,70
    // + R$ 280 = R$ 10.023,70.
    const handling = row.taxas.find((fee) => fee.origem === 'manual')!;
    expect(handling).toMatchObject({
      valor: 0.08,
      valorTotal: 40,
      minimoAplicado: true,
      contabilizada: true,
    });
    expect(row).toMatchObject({ valorUSD: 1857.5, valorBRL: 280, custoTotalBRL: 10023.7 });

    const excel = await call('GET', `/api/quotes/${air.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Comparativo')!;
    const values = [...Array(sheet.rowCount).keys()].flatMap((i) =>
      (sheet.getRow(i + 1).values as unknown[]).map((value) => String(value ?? '')),
    );
    expect(values).toContain('10023.7');
  });
});

describe('a spreadsheet whose rows name their port (QA pass 39a)', () => {
  it('prices each port with its own freight and THC: the screen, the Excel and the PDF agree', async () => {
    const response = await call('GET', `/api/quotes/${ports.quote.id}/comparison`, undefined, ports);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as Comparison).linhas;
    const byPort = (destino: string) => rows.find((row) => row.destino === destino)!;
    const santos = byPort('Santos');
    const itapoa = byPort('Itapoá');
    expect(santos.fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([['40HC', 2650, 2]]);
    expect(itapoa.fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([['40HC', 2750, 2]]);
    expect(itapoa.taxas.find((fee) => fee.nome === 'THC')?.valor).toBe(1300);
    const own = (row: ComparisonRow) =>
      Math.round((row.custoTotalBRL - (row.custoRodoviario ?? 0)) * 100) / 100;
    expect([own(santos), own(itapoa)]).toEqual([32195.89, 32845.01]);
    const shown = [santos.custoTotalBRL, itapoa.custoTotalBRL].map((value) =>
      value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );

    const excel = await call('GET', `/api/quotes/${ports.quote.id}/comparative-excel`, undefined, ports);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Comparativo')!;
    const values = [...Array(sheet.rowCount).keys()].flatMap((i) =>
      (sheet.getRow(i + 1).values as unknown[]).map((value) => String(value ?? '')),
    );
    expect(values).toEqual(
      expect.arrayContaining([String(santos.custoTotalBRL), String(itapoa.custoTotalBRL)]),
    );

    const pdf = await call('GET', `/api/quotes/${ports.quote.id}/comparative-pdf`, undefined, ports);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    for (const total of shown) expect(pdfText).toContain(total);
  });
});
