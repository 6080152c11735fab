import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { emailWithCsvAttachment, htmlOnlyEmail } from '../test/fixtures/messages.js';
import { buildPdf, sampleQuotePdf } from '../test/fixtures/minimal-pdf.js';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';

const encode = (text: string) => new TextEncoder().encode(text);

async function quoteWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tarifas');
  sheet.addRow(['Cotação FCL – Ningbo']);
  sheet.mergeCells('A1:D1');
  sheet.addRow(['Agente:', 'Atlântico Cargas Ltda']);
  sheet.addRow(['Validade:', new Date(Date.UTC(2026, 11, 20))]);
  sheet.getCell('B3').numFmt = 'dd/mm/yyyy';
  sheet.addRow([]);
  sheet.addRow(['POD', 'Equipamento', 'Frete (USD)', 'Transit time']);
  sheet.addRow(['Santos', "20' DC", 1850, 35]);
  sheet.addRow([null, "40' HC", 2900, 35]);
  sheet.addRow(['Paranaguá', "20' DC", 1900, 38]);
  sheet.addRow([null, "40' HC", 2950, 38]);
  sheet.mergeCells('A6:A7');
  sheet.mergeCells('A8:A9');
  sheet.addRow([]);
  sheet.addRow(['Taxas por BL:']);
  sheet.addRow(['BL fee', 'USD', 85]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('extractFromFile', () => {
  it('says in pt-BR why a password-protected PDF is not read', async () => {
    const encrypted = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
        `3 0 obj<</Filter/Standard/V 2/R 3/Length 128/P -3904/O<${'a'.repeat(64)}>/U<${'b'.repeat(64)}>>>endobj\n` +
        'trailer<</Root 1 0 R/Encrypt 3 0 R/ID[<01><01>]>>\n%%EOF\n',
    );
    const result = await extractFromFile(encrypted, 'proposta protegida.pdf');
    expect(result.final.reason).toBe('não foi possível ler o arquivo (pdf): o arquivo é protegido por senha');
  });

  it('reads an .xlsx (generated with exceljs), filling merged cells down', async () => {
    const result = toCorpusFormat(await extractFromFile(await quoteWorkbook(), 'tarifas.xlsx'));
    expect(result.source).toBe('excel');
    expect(result.transportador).toBe('Atlântico Cargas');
    expect(result.validade).toBe('2026-12-20');
    expect(result.porto_destino).toEqual(['Santos', 'Paranaguá']);
    expect(result.frete.map((f) => [f.destino, f.unidade, f.valor])).toEqual([
      ['Santos', '20DC', 1850],
      ['Santos', '40HC', 2900],
      ['Paranaguá', '20DC', 1900],
      ['Paranaguá', '40HC', 2950],
    ]);
    expect(result.transit_time_dias).toEqual({ min: 35, max: 38 });
    expect(result.taxas).toEqual([{ nome: 'BL FEE', destino: null, unidade: 'BL', valor: 85, moeda: 'USD' }]);
  });

  it('reads a legacy .xls with SheetJS', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['POL', 'POD', '20DC (USD)', '40HC (USD)'],
      ['Qingdao', 'Santos', 1700, 2600],
      [],
      ['Doc fee', 'USD', 45],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Rates');
    const buffer = new Uint8Array(XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }));
    const result = toCorpusFormat(await extractFromFile(buffer, 'rates.xls'));
    expect(result.porto_origem).toBe('Qingdao');
    expect(result.frete.map((f) => [f.unidade, f.valor])).toEqual([
      ['20DC', 1700],
      ['40HC', 2600],
    ]);
    expect(result.taxas.map((t) => [t.nome, t.valor])).toEqual([['DOC FEE', 45]]);
  });

  it('reads a .csv with quoted fields and comma delimiter', async () => {
    const csv = 'POD,20GP (USD),40HQ (USD)\n"Santos","1,450","2,300"\n\nTHC,BRL,"1,550.00"\n';
    const result = toCorpusFormat(await extractFromFile(encode(csv), 'rates.csv'));
    expect(result.source).toBe('excel');
    expect(result.frete.map((f) => [f.unidade, f.valor])).toEqual([
      ['20DC', 1450],
      ['40HC', 2300],
    ]);
    expect(result.taxas.map((t) => [t.nome, t.valor, t.moeda])).toEqual([['THC', 1550, 'BRL']]);
  });

  it('reads a .pdf keeping its columns (hand-built fixture)', async () => {
    const result = await extractFromFile(sampleQuotePdf(), 'proposta.pdf');
    const corpus = toCorpusFormat(result);
    expect(corpus.source).toBe('pdf');
    expect(corpus.transportador).toBe('Transmar Agenciamento de Cargas');
    expect(corpus.porto_origem).toBe('Yantian');
    expect(corpus.porto_destino).toEqual(['Paranaguá']);
    expect(corpus.transit_time_dias).toEqual({ min: 38, max: 42 });
    expect(corpus.frete.map((f) => [f.unidade, f.valor])).toEqual([
      ['20DC', 1950],
      ['40HC', 2980],
    ]);
    expect(corpus.taxas.map((t) => [t.nome, t.valor, t.unidade])).toEqual([
      ['THC', 1480, 'CNTR'],
      ['BL FEE', 95, 'BL'],
      ['SISCARGA', 160, 'BL'],
    ]);
    expect(result.detect.fileKind).toBe('pdf');
  });

  it('reads an .eml: body, signature and an attached rate sheet merged, quoted request ignored', async () => {
    const result = await extractFromFile(encode(emailWithCsvAttachment()), 'resposta.eml');
    const corpus = toCorpusFormat(result);
    expect(corpus.source).toBe('email');
    expect(corpus.transportador).toBe('Atlântica Cargo Logística');
    expect(corpus.armador).toBe('Evergreen');
    expect(corpus.validade).toBe('2026-11-30');
    expect(corpus.free_time_dias).toBe(14);
    expect(corpus.frete).toHaveLength(4);
    expect(corpus.porto_destino).toEqual(['Santos', 'Paranaguá']);
    expect(result.final.fretes[0]?.source.origin).toBe('attachment:tarifas.csv');
    expect(corpus.taxas.map((t) => [t.nome, t.valor])).toEqual([['BL FEE', 85]]);
    expect(result.blocks.some((b) => b.kind === 'attachment' && b.title === 'tarifas.csv')).toBe(true);
  });

  it('reads an HTML-only .eml', async () => {
    const corpus = toCorpusFormat(await extractFromFile(encode(htmlOnlyEmail()), 'offer.eml'));
    expect(corpus.transportador).toBe('Pacific Star Logistics');
    expect(corpus.frete.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2850]]);
    expect(corpus.taxas.map((t) => [t.nome, t.valor])).toEqual([['DOC FEE', 50]]);
    expect(corpus.validade).toBe('2026-11-30');
  });

  it('detects the type by content even with a misleading name', async () => {
    const result = await extractFromFile(buildPdf([['Frete 40HC: USD 3.000,00']]), 'cotacao.txt');
    expect(result.detect.fileKind).toBe('pdf');
    expect(result.final.fretes[0]?.valor).toBe(3000);
  });
});
