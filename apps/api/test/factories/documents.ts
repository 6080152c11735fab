import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { SUMMARY_HEADER_ROW } from '../../src/modules/comparative/excel.js';
import { type CapturedMail, readSentMail, type TestContext, waitFor } from '../helpers.js';
import type { Scenario } from './quote.js';

/*
 * What a quote's comparison becomes outside the screen, read as a person would: the comparative Excel's
 * summary rows, the comparative PDF's text, the approval e-mail to a carrier. The pipeline tests compare
 * each with a hand computation.
 */

const get = (ctx: TestContext, scenario: Scenario, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${scenario.token}` } });

/** The Excel's summary rows ('Comparativo'), each as header → cell value. */
export async function comparativeExcelRows(
  ctx: TestContext,
  scenario: Scenario,
): Promise<Record<string, unknown>[]> {
  const response = await get(ctx, scenario, `/api/quotes/${scenario.quote.id}/comparative-excel`);
  if (response.statusCode !== 200)
    throw new Error(`comparative-excel ${response.statusCode}: ${response.body}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Comparativo')!;
  const headers = (sheet.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map((value) => String(value ?? ''));
  const rows: Record<string, unknown>[] = [];
  for (let index = SUMMARY_HEADER_ROW + 1; index <= sheet.rowCount; index++) {
    const row = sheet.getRow(index);
    if (!row.hasValues) continue;
    const cells: Record<string, unknown> = {};
    headers.forEach((header, column) => {
      if (column > 0 && header) cells[header] = row.getCell(column).value;
    });
    rows.push(cells);
  }
  return rows;
}

/** The comparative PDF's text, its whitespace collapsed to single spaces. */
export async function comparativePdfText(ctx: TestContext, scenario: Scenario): Promise<string> {
  const response = await get(ctx, scenario, `/api/quotes/${scenario.quote.id}/comparative-pdf`);
  if (response.statusCode !== 200)
    throw new Error(`comparative-pdf ${response.statusCode}: ${response.body}`);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

/** The approval e-mail the carrier at `carrier` received ('Cotação COT-… aprovada'). */
export function approvalMail(ctx: TestContext, scenario: Scenario, carrier: number): Promise<CapturedMail> {
  return waitFor(async () =>
    (await readSentMail(ctx.config)).find(
      (mail) =>
        mail.to.includes(scenario.carriers[carrier]!.email) &&
        mail.subject === `Cotação ${scenario.quote.codigo} aprovada`,
    ),
  );
}
