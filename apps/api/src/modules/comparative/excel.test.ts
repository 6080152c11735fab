import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { comparisonRow, fixtureHeader, mixedComparison } from './comparative.test-fixtures.js';
import { sourceOf } from './comparative-document.js';
import { moneyFormat, renderComparativeExcel, SUMMARY_HEADER_ROW } from './excel.js';

async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

/** The summary table as objects keyed by header text. */
function tableOf(sheet: ExcelJS.Worksheet, headerRow: number) {
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1)])));
  }
  return { headers, rows };
}

describe('comparative Excel', () => {
  it('writes the quote, the rate and one row per carrier and destination with real numbers and formats', async () => {
    const comparison = mixedComparison();
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Comparativo', 'Detalhamento']);
    const sheet = workbook.getWorksheet('Comparativo')!;

    expect(sheet.getCell('A1').value).toBe('Comparativo de fretes · COT-2025-0042');
    expect(sheet.getCell('B2').value).toBe('Importadora Horizonte Ltda.');
    expect(sheet.getCell('E2').value).toBe('Shanghai, CN x Itapoá / Navegantes, BR');
    expect(sheet.getCell('B3').value).toBe('Mariana Albuquerque');
    // 2025-03-20T18:00Z is 15:00 in Brasília.
    expect((sheet.getCell('E3').value as Date).toISOString()).toBe('2025-03-20T15:00:00.000Z');
    expect(sheet.getCell('E3').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getCell('B4').value).toBe(5.1234);
    expect((sheet.getCell('E4').value as Date).toISOString()).toBe('2025-03-12T00:00:00.000Z');
    expect(sheet.getCell('B5').value).toBe(2.5);
    expect(sheet.getCell('E5').value).toBe(5.2515);
    expect(sheet.getCell('B6').value).toBe('PTAX do Banco Central');

    const { headers, rows } = tableOf(sheet, SUMMARY_HEADER_ROW);
    expect(headers).toEqual([
      'Agente de carga',
      'E-mail',
      'Destino',
      "Frete 20' (unitário)",
      "Frete 40' (unitário)",
      "Frete 40'HC (unitário)",
      'Frete (USD)',
      'Frete (BRL)',
      'Taxas (USD)',
      'Taxas (BRL)',
      'Rodoviário (BRL)',
      'Total (BRL)',
      'Total (USD)',
      'Variação frente à versão anterior (BRL)',
      'Variação frente à versão anterior (USD)',
      'Transit time (dias)',
      'Free time (dias)',
      'Validade',
      'Situação',
      'Versão',
      'Destaque',
      'Faltando',
      'Da versão anterior',
      'Alertas',
    ]);
    expect(rows).toHaveLength(comparison.linhas.length);
    comparison.linhas.forEach((line, index) => {
      const row = rows[index]!;
      expect(row.Destino!.value).toBe(line.destino);
      expect(row['Total (BRL)']!.value).toBe(line.custoTotalBRL);
      expect(row['Total (USD)']!.value).toBe(line.custoTotalUSD);
      expect(row['Taxas (USD)']!.value).toBe(line.taxasPorMoeda.USD);
      expect(row['Taxas (BRL)']!.value).toBe(line.taxasPorMoeda.BRL);
      expect(row['Rodoviário (BRL)']!.value).toBe(line.custoRodoviario);
      expect(row['Transit time (dias)']!.value ?? null).toBe(line.prazo.valor);
      expect(row['Free time (dias)']!.value ?? null).toBe(line.freeTime.valor);
      expect(typeof row['Total (BRL)']!.value).toBe('number');
      expect(row['Total (BRL)']!.numFmt).toBe('#,##0.00');
    });
    const [itapoa, , pacifico, rotaSul] = rows;
    expect(itapoa!["Frete 40'HC (unitário)"]!.value).toBe(2950);
    expect(itapoa!["Frete 40'HC (unitário)"]!.numFmt).toBe(moneyFormat('USD'));
    expect(moneyFormat('USD')).toBe('"US$ "#,##0.00');
    expect(pacifico!["Frete 40'HC (unitário)"]!.value).toBe(14800);
    expect(pacifico!["Frete 40'HC (unitário)"]!.numFmt).toBe('"R$ "#,##0.00');
    expect(pacifico!["Frete 20' (unitário)"]!.value ?? null).toBeNull();
    expect((itapoa!.Validade!.value as Date).toISOString()).toBe('2025-03-31T00:00:00.000Z');
    expect(itapoa!.Validade!.numFmt).toBe('dd/mm/yyyy');
    expect(rotaSul!.Situação!.value).toBe('Revisão solicitada');
    expect(rotaSul!.Faltando!.value).toBe('transit time, free time, validade');

    // An incomplete row and a fee outside the total say so where the screen's badges do.
    const incomplete = mixedComparison();
    incomplete.linhas[0]!.taxasAusentes = ['THC', 'BL FEE'];
    incomplete.linhas[0]!.taxasNaoSomadas = ['Doc fee em EUR'];
    incomplete.linhas[0]!.quantidadesDesconhecidas = ['ARMAZENAGEM: cubagem (m³) não informada'];
    incomplete.linhas[0]!.validade = { ...incomplete.linhas[0]!.validade, expirada: true };
    incomplete.linhas[0]!.variacao = {
      versaoAnterior: 1,
      custoTotalBRL: -2802.99,
      custoTotalUSD: -534.36,
      prazo: null,
      incompleta: true,
    };
    const again = await readBack(await renderComparativeExcel(sourceOf(incomplete, fixtureHeader)));
    const first = tableOf(again.getWorksheet('Comparativo')!, SUMMARY_HEADER_ROW).rows[0]!;
    expect(String(first.Faltando!.value)).toMatch(
      /THC, BL FEE, Doc fee em EUR \(fora do total\), ARMAZENAGEM: cubagem \(m³\) não informada \(fora do total\)$/,
    );
    // An expired validity says so, as the PDF's "(vencida)", and stays a date (QA pass 37).
    expect(first.Validade!.numFmt).toBe('dd/mm/yyyy" (vencida)"');
    expect(first.Validade!.value).toBeInstanceOf(Date);
    const drop = first['Variação frente à versão anterior (BRL)']!;
    expect([drop.value, drop.numFmt]).toEqual([
      -2802.99,
      '"▲ "#,##0.00" (incompleta)";"▼ "#,##0.00" (incompleta: não é economia)";0',
    ]);

    // The cheapest total and the shortest transit are highlighted, and only those cells.
    const cheapest = comparison.linhas.findIndex((line) => line.destaque.menorCusto);
    const fastest = comparison.linhas.findIndex((line) => line.destaque.menorPrazo);
    rows.forEach((row, index) => {
      const fill = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
      expect(fill(row['Total (BRL)']!)).toBe(index === cheapest ? 'FFC6EFCE' : undefined);
      expect(fill(row['Transit time (dias)']!)).toBe(index === fastest ? 'FFC6EFCE' : undefined);
    });
    expect(rows[cheapest]!.Destaque!.value).toContain('Menor custo');

    // Frozen header and first column, filters over the whole table, widths that fit.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: SUMMARY_HEADER_ROW });
    expect(sheet.autoFilter).toBe(`A${SUMMARY_HEADER_ROW}:X${SUMMARY_HEADER_ROW + rows.length}`);
    const emailWidth = sheet.getColumn(2).width!;
    expect(emailWidth).toBeGreaterThanOrEqual('pricing@atlantica-cargas.com.br'.length);
    expect(sheet.getColumn(18).width).toBeLessThanOrEqual(30);
  });

  it("a row whose sender is not verified says so in 'Situação', as the screen flags it (QA pass 25)", async () => {
    const comparison = mixedComparison();
    comparison.linhas[0]!.remetenteNaoVerificado = true;
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const { rows } = tableOf(workbook.getWorksheet('Comparativo')!, SUMMARY_HEADER_ROW);
    expect(String(rows[0]!.Situação!.value)).toMatch(/ \(remetente não verificado\)$/);
    expect(String(rows[1]!.Situação!.value)).not.toMatch(/remetente/);
  });

  it('neutralises carrier and user text that a spreadsheet would run as a formula (S9)', async () => {
    const comparison = mixedComparison();
    const header = { ...fixtureHeader, empresa: '@SUM(1+1)', nomeSolicitante: '-2+3' };
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, header)));
    const sheet = workbook.getWorksheet('Comparativo')!;
    expect(sheet.getCell('B2').value).toBe("'@SUM(1+1)");
    expect(sheet.getCell('B3').value).toBe("'-2+3");
    const { rows } = tableOf(sheet, SUMMARY_HEADER_ROW);
    expect(rows[2]!['Agente de carga']!.value).toBe(`'=HYPERLINK("http://evil.example","Pacífico")`);
    expect(rows[2]!['Agente de carga']!.formula).toBeUndefined();

    const detail = tableOf(workbook.getWorksheet('Detalhamento')!, 1);
    const items = detail.rows.map((row) => row.Item!.value);
    expect(items).toContain("'+THC destino");
    expect(items).toContain("'@Despacho");
    const sources = detail.rows.map((row) => row['Texto de origem']!.value);
    expect(sources).toContain("'-1+1 THC");
    // A list bullet is layout, not a formula: "- THC BRL 1.450,00" reads without it (QA pass 13).
    expect(sources).toContain('THC BRL 1.450,00');
    expect(sources.some((value) => typeof value === 'string' && value.startsWith("'- "))).toBe(false);
    expect(sources).toContain("'\t=cmd|calc");
    // No cell of either sheet holds a formula or a text that starts one.
    for (const ws of workbook.worksheets)
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.formula).toBeUndefined();
          if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r\0]/);
        }),
      );
  });

  it('a freight shown but not counted (a price per BL on an FCL quote) says "Não"', async () => {
    const comparison = mixedComparison();
    const row = comparison.linhas[0]!;
    const counted = { ...row.fretes[0]!, quantidade: 1, valorTotal: row.fretes[0]!.valor ?? 0 };
    row.fretes = [counted, { ...counted, tipo: 'BL', valor: 1900, quantidade: 0, valorTotal: undefined }];
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const { rows } = tableOf(workbook.getWorksheet('Detalhamento')!, 1);
    const perBl = rows.find((item) => item.Item!.value === 'Frete por BL')!;
    expect(perBl.Contabilizada!.value).toBe('Não');
    const own = rows.find(
      (item) =>
        item.Item!.value === `Frete ${counted.tipo}` &&
        item.Agente_de_carga === undefined &&
        item['Agente de carga']!.value === row.transportador.nome,
    )!;
    expect(own.Contabilizada!.value).toBe('Sim');
  });

  it("a line not counted (a lower repeat) leaves 'Valor contabilizado' empty: the column sums to the totals", async () => {
    // 40HC USD 2.000 + BL fee USD 60 (the USD 50 repeat is not counted) = USD 2.060; THC R$ 1.450.
    const row = comparisonRow({
      respostaId: 'dup',
      nome: 'Atlântico Cargas',
      email: 'pricing@atlantico.com.br',
      destino: 'Santos',
      fretes: [{ tipo: '40HC', valor: 2000, moeda: 'USD' }],
      taxas: [
        {
          nome: 'BL fee',
          valor: 50,
          moeda: 'USD',
          contabilizada: false,
          motivo: 'Repetida: conta só o maior valor',
        },
        { nome: 'BL fee', valor: 60, moeda: 'USD' },
        { nome: 'THC', valor: 1450, moeda: 'BRL' },
      ],
      prazo: 30,
      freeTime: 14,
      validade: '2025-03-31',
    });
    // As the engine writes them: every line with its quantity and amount, counted or not.
    row.fretes = row.fretes.map((frete) => ({
      ...frete,
      quantidade: 1,
      base: 'conteiner',
      valorTotal: 2000,
    }));
    row.taxas = row.taxas.map((taxa) => ({
      ...taxa,
      quantidade: 1,
      base: 'documento',
      valorTotal: taxa.valor,
    }));
    expect([row.valorUSD, row.valorBRL]).toEqual([2060, 1450]);
    const comparison = { ...mixedComparison(), linhas: [row] };
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const { rows } = tableOf(workbook.getWorksheet('Detalhamento')!, 1);
    const repeat = rows.find((line) => line.Contabilizada!.value === 'Não')!;
    expect([repeat.Item!.value, repeat.Valor!.value, repeat['Valor contabilizado']!.value]).toEqual([
      'BL fee',
      50,
      null,
    ]);
    const sum = (moeda: string) =>
      rows
        .filter((line) => line.Moeda!.value === moeda)
        .reduce((total, line) => total + Number(line['Valor contabilizado']!.value ?? 0), 0);
    expect([sum('USD'), sum('BRL')]).toEqual([row.valorUSD, row.valorBRL]);
  });

  it('lists every freight and fee line with whether it counted and where it was read', async () => {
    const comparison = mixedComparison();
    // A PDF table's cell label comes padded with its column's blanks (QA pass 18): written trimmed.
    const padded = comparison.linhas
      .flatMap((line) => line.taxas)
      .find((taxa) => taxa.fonte?.cell === 'B10')!;
    padded.fonte = { ...padded.fonte!, cell: 'B10        ' };
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const sheet = workbook.getWorksheet('Detalhamento')!;
    const { headers, rows } = tableOf(sheet, 1);
    expect(headers.slice(0, 8)).toEqual([
      'Agente de carga',
      'Destino da proposta',
      'Tipo',
      'Item',
      'Destino do item',
      'Valor',
      'Moeda',
      'Contabilizada',
    ]);
    const expected = comparison.linhas.reduce((n, line) => n + line.fretes.length + line.taxas.length, 0);
    expect(rows).toHaveLength(expected);
    const total = rows.find((row) => row.Item!.value === 'TOTAL')!;
    expect(total.Contabilizada!.value).toBe('Não');
    expect(total.Motivo!.value).toBe('Linha de total');
    expect(total.Valor!.value).toBe(4875);
    expect(total.Valor!.numFmt).toBe('#,##0.00');
    const thc = rows.find((row) => row['Texto de origem']!.value === 'THC BRL 1.450,00')!;
    expect(thc.Contabilizada!.value).toBe('Sim');
    expect(thc.Origem!.value).toBe('anexo proposta.xlsx');
    expect(thc.Célula!.value).toBe('B10');
    expect(thc.Linha!.value).toBe(10);
    const corrected = rows.find(
      (row) => row.Item!.value === "Frete 40'HC" && row['Destino da proposta']!.value === 'Itapoá',
    )!;
    expect(corrected.Corrigido!.value).toBe('Sim');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:R${1 + expected}`);
  });

  it('writes why a row has no total instead of 0,00 (extraction pending, no freight read)', async () => {
    const comparison = mixedComparison();
    const unpriced = { destino: 'Itapoá', rodoviario: 2100, prazo: null, freeTime: null, validade: null };
    comparison.linhas.push(
      comparisonRow({
        ...unpriced,
        respostaId: 'r8',
        nome: 'Mar Aberto',
        email: 'a@mar.com.br',
        fretes: [],
        taxas: [],
        extracao: 'pendente',
      }),
      comparisonRow({
        ...unpriced,
        respostaId: 'r9',
        nome: 'Sem Frete',
        email: 'b@sem.com.br',
        fretes: [],
        taxas: [{ nome: 'THC', valor: 1200, moeda: 'BRL' }],
      }),
    );
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const { rows } = tableOf(workbook.getWorksheet('Comparativo')!, SUMMARY_HEADER_ROW);
    const byName = Object.fromEntries(rows.map((row) => [row['Agente de carga']!.value, row]));
    expect(byName['Mar Aberto']!['Total (BRL)']!.value).toBe('Em extração');
    expect(byName['Mar Aberto']!['Total (USD)']!.value).toBe('Em extração');
    expect(byName['Mar Aberto']!['Taxas (BRL)']!.value ?? null).toBeNull();
    expect(byName['Sem Frete']!['Total (BRL)']!.value).toBe('Frete não informado');
    expect(byName['Sem Frete']!['Taxas (BRL)']!.value).toBe(1200);
    expect(byName['Rota Sul Agenciamento']!['Total (BRL)']!.value).toBe(comparison.linhas[3]!.custoTotalBRL);
  });

  it('flags the fallback rate when the PTAX was unavailable', async () => {
    const comparison = mixedComparison();
    comparison.taxa = { ...comparison.taxa, fonte: 'fallback', ptax: 5.2, dataCotacao: null, taxa: 5.33 };
    const workbook = await readBack(await renderComparativeExcel(sourceOf(comparison, fixtureHeader)));
    const sheet = workbook.getWorksheet('Comparativo')!;
    expect(sheet.getCell('B6').value).toBe('Taxa de contingência (PTAX indisponível)');
    expect(sheet.getCell('E4').value).toBe('Não informado');
    expect(sheet.getCell('E5').value).toBe(5.33);
  });
});
