import type { Comparison } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * A per-BL fee with a different amount per container type ("BL fee: USD 50 (20') / USD 60 (40')"), over the
 * real pipeline (ingest → extraction → comparison → documents → approval e-mail). Before, both amounts were
 * read without their type and the higher one counted, whatever the quote shipped. The fake Banco Central
 * gives PTAX 5.1177; with the default margin of 2.5 % every total uses 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
/** 2 × 20DV to Santos. */
let twenties: Scenario;
/** 1 × 20DV + 1 × 40HC to Santos: one BL, both types. */
let both: Scenario;
/** 2 × 40HC to Santos, answered with a BL fee and a BL release (QA pass 35). */
let release: Scenario;

const RELEASE_REPLY = [
  'Prezados,',
  '',
  'Segue nossa proposta Shanghai x Santos:',
  'Frete marítimo: USD 2.100,00 por 40HC',
  'THC: R$ 1.400,00 por contêiner',
  'BL fee: USD 60,00 por BL',
  'Liberação de BL: USD 45,00',
  'Transit time: 32 dias',
  '',
  'Atenciosamente,',
  'Carla — Atlântico',
].join('\n');

const REPLY = [
  'Prezados,',
  '',
  'Segue cotação Shanghai x Santos:',
  '',
  'Frete marítimo: USD 1.850/20DV e USD 2.600/40HC',
  "THC: R$ 1.200/20' e R$ 1.500/40'",
  "BL fee: USD 50 (20') / USD 60 (40')",
  'Transit time: 32 dias',
  'Free time: 14 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Atlântico Logística',
].join('\n');

const call = (scenario: Scenario, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${scenario.token}` } });

async function reply(scenario: Scenario, text: string) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: scenario.carriers[0]!.email, to: scenario.replyTo(0), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/respostas`)).json().data as {
      atual: { extracao: string } | null;
    }[];
    return list[0]?.atual?.extracao === 'concluida';
  }, 30_000);
}

async function rowOf(scenario: Scenario): Promise<Comparison['linhas'][number]> {
  const response = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Comparison).linhas[0]!;
}

const blLines = (row: Comparison['linhas'][number]) =>
  row.taxas
    .filter((taxa) => taxa.nome === 'BL FEE')
    .map((taxa) => [taxa.valor, taxa.contabilizada, taxa.motivo ?? null]);

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  const carrier = { nome: 'Atlântico Logística', email: 'pricing@atlantico-bl.com.br' };
  twenties = await quoteScenario(ctx, {
    carriers: [carrier],
    quote: { itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 20DV', dimensoes: null }] },
  });
  both = await quoteScenario(ctx, {
    carriers: [{ ...carrier, email: 'pricing@atlantico-bl2.com.br' }],
    quote: {
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '1 x 20DV + 1 x 40HC', dimensoes: null }],
    },
  });
  release = await quoteScenario(ctx, { carriers: [{ ...carrier, email: 'pricing@atlantico-bl3.com.br' }] });
  await reply(twenties, REPLY);
  await reply(both, REPLY);
  await reply(release, RELEASE_REPLY);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a per-BL fee with an amount per container type', () => {
  it("2 × 20DV counts the 20' amount once: the screen, the Excel, the PDF and the approval e-mail agree", async () => {
    const row = await rowOf(twenties);
    // USD 2 × 1.850 + BL 50 = 3.750; BRL THC 2 × 1.200 = 2.400 → 3.750 × 5,2456 + 2.400 = 22.071,00
    // (before: BL 60 → 3.760 × 5,2456 + 2.400 = 22.123,46); ÷ 5,2456 = 4.207,526 → 4.207,53
    expect(row).toMatchObject({
      valorUSD: 3750,
      valorBRL: 2400,
      custoTotalBRL: 22071,
      custoTotalUSD: 4207.53,
    });
    expect(blLines(row)).toEqual([
      [50, true, null],
      [60, false, 'Para um tipo de contêiner que a cotação não pede'],
    ]);

    const excel = await call(twenties, 'GET', `/api/quotes/${twenties.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const sheetRow = summary.getRow(SUMMARY_HEADER_ROW + 1);
    const cell = (header: string) => sheetRow.getCell(headers.indexOf(header)).value;
    expect([cell('Taxas (USD)'), cell('Taxas (BRL)'), cell('Total (BRL)')]).toEqual([50, 2400, 22071]);

    const pdf = await call(twenties, 'GET', `/api/quotes/${twenties.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('22.071,00');
    expect(pdfText).toContain('BL fee 1 (20DV) × US$ 50,00 = US$ 50,00');
    expect(pdfText).not.toContain('22.123,46');

    const approved = await call(twenties, 'POST', `/api/quotes/${twenties.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(twenties.carriers[0]!.email) &&
          m.subject === `Cotação ${twenties.quote.codigo} aprovada`,
      ),
    );
    expect(mail.text).toContain('BL fee: 1 (20DV) × US$ 50,00 = US$ 50,00');
    expect(mail.text).not.toContain('US$ 60,00');
    expect(mail.text).toContain('22.071,00');
  });

  it('a quote of both types has one BL: the higher amount, once', async () => {
    const row = await rowOf(both);
    // USD 1.850 + 2.600 + BL 60 = 4.510; BRL 1.200 + 1.500 = 2.700 → 4.510 × 5,2456 + 2.700 = 26.357,66
    expect(row).toMatchObject({ valorUSD: 4510, valorBRL: 2700, custoTotalBRL: 26357.66 });
    expect(blLines(row)).toEqual([
      [50, false, 'Repetida: conta só o maior valor'],
      [60, true, null],
    ]);
  });

  it("a BL release beside the BL fee is a charge of its own ('Liberação de BL' is read as BL FEE too)", async () => {
    const row = await rowOf(release);
    // USD 2 × 2.100 + BL fee 60 + release 45 = 4.305 × 5,2456 = 22.582,31; BRL 2 × 1.400 = 2.800 →
    // R$ 25.382,31 (before: the release dropped as a repeat → 4.260 × 5,2456 + 2.800 = 25.146,26).
    expect(row).toMatchObject({ valorUSD: 4305, valorBRL: 2800, custoTotalBRL: 25382.31 });
    expect(blLines(row)).toEqual([
      [60, true, null],
      [45, true, null],
    ]);
    const pdf = await call(release, 'GET', `/api/quotes/${release.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('25.382,31');
    expect(pdfText).not.toContain('25.146,26');
  });
});
