import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../test/fixtures/minimal-pdf.js';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { htmlToPlainText } from './files/eml.js';
import { betterReading, looksPoor, ocrAvailable } from './files/ocr.js';
import type { ExtractionResult } from './types.js';

/*
 * QA pass 25, "never lose a reply":
 * (1) a PDF table under "Descrição  Moeda  Valor  Base" whose description column is as wide as its longest
 *     label: the freight row came out "Frete marítimo 40HC USD     2.350,00", the currency run into the
 *     label, and the freight was lost (the fees, with a wide gap, were read);
 * (2) a pasted screenshot of a bordered table: tesseract --psm 6 dropped the currency column and the last
 *     row, so no price was read;
 * (3) an HTML-only reply whose "Transit time" row spans the currency and value columns (colspan) gave no
 *     transit time.
 */

const here = dirname(fileURLToPath(import.meta.url));
const encode = (text: string) => new TextEncoder().encode(text);

const freights = (result: ExtractionResult) => result.final.fretes.map((f) => [f.unidade, f.valor, f.moeda]);
const fees = (result: ExtractionResult) => result.final.taxas.itens.map((t) => [t.nome, t.valor, t.moeda]);

describe('QA 25 (1): a description table whose label runs into its currency', () => {
  const expected = [
    ['BAF', 180, 'USD'],
    ['THC', 1450, 'BRL'],
    ['BL FEE', 75, 'USD'],
  ];

  it('reads the freight of the layout text a PDF gives (pt-BR header)', () => {
    const text = [
      'Descrição           Moeda   Valor               Base',
      'Frete marítimo 40HC USD     2.350,00            por contêiner',
      'BAF                 USD     180,00              por contêiner',
      'THC                 BRL     1.450,00            por contêiner',
      'BL fee              USD     75,00               por BL',
    ].join('\n');
    const result = extractFromText(text, { sourceHint: 'pdf' });
    expect(freights(result)).toEqual([['40HC', 2350, 'USD']]);
    expect(fees(result)).toEqual(expected);
  });

  it('reads the same with English headers, and with bars between the cells', () => {
    const layout = [
      'Description        Currency   Amount         Basis',
      'Ocean Freight 40HC USD        2,350.00       per container',
      'BAF                USD        180.00         per container',
      'THC                BRL        1,450.00       per container',
      'BL fee             USD        75.00          per BL',
    ].join('\n');
    const piped = [
      'Description | Currency | Amount | Basis',
      'Ocean Freight 40HC | USD | 2,350.00 | per container',
      'BAF | USD | 180.00 | per container',
      'THC | BRL | 1,450.00 | per container',
      'BL fee | USD | 75.00 | per BL',
    ].join('\n');
    for (const text of [layout, piped]) {
      const result = extractFromText(text, { sourceHint: 'pdf' });
      expect(freights(result)).toEqual([['40HC', 2350, 'USD']]);
      expect(fees(result)).toEqual(expected);
    }
  });

  it('reads the freight of the PDF itself', async () => {
    const rows = [
      ['Descrição', 'Moeda', 'Valor', 'Base'],
      ['Frete marítimo 40HC', 'USD', '2.350,00', 'por contêiner'],
      ['BAF', 'USD', '180,00', 'por contêiner'],
      ['THC', 'BRL', '1.450,00', 'por contêiner'],
      ['BL fee', 'USD', '75,00', 'por BL'],
    ];
    const pdf = buildPdf([
      rows.map(
        ([label = '', currency = '', value = '', basis = '']): Array<[number, string]> => [
          [50, label],
          [150, currency],
          [190, value],
          [290, basis],
        ],
      ),
    ]);
    const result = await extractFromFile(pdf, 'Cotacao_Frete.pdf');
    expect(freights(result)).toEqual([['40HC', 2350, 'USD']]);
    expect(fees(result)).toEqual(expected);
  });
});

let ocr = false;
beforeAll(async () => {
  ocr = await ocrAvailable();
  if (!ocr)
    console.warn(
      'qa-25 OCR test skipped: the `tesseract` program (Debian tesseract-ocr) is not installed here',
    );
});

describe('QA 25 (2): a screenshot of a bordered table', () => {
  it('reads every price of the PNG (tesseract read again when psm 6 looks poor)', async (context) => {
    if (!ocr) context.skip();
    const png = new Uint8Array(readFileSync(resolve(here, '../test/fixtures/ocr/bordered-table.png')));
    const result = await extractFromFile(png, 'image001.png');
    expect(result.detect.reasons).toContain('texto lido por OCR (imagem)');
    expect(freights(result)).toEqual([['40HC', 2190, 'USD']]);
    expect(fees(result)).toEqual([
      ['THC', 1380, 'BRL'],
      ['DOC FEE', 60, 'USD'],
    ]);
  }, 60_000);

  it('tells a poor reading and picks the one with more amounts', () => {
    // What psm 6 made of the screenshot, then what psm 3 did.
    const block = 'Cotação Shanghai x Santos\n[oe | cumes | ou\nOcean Freight 40HC  2,190.00';
    const page = [
      'Cotação Shanghai x Santos',
      '',
      'Description                Currency | Amount',
      'Ocean Freight 40HC | USD          2,190.00',
      'THC                          BRL            1,380.00',
      'Doc fee                      USD            60.00',
    ].join('\n');
    expect(looksPoor(block)).toBe(true);
    expect(looksPoor(page)).toBe(false);
    expect(betterReading(page, block)).toBe(true);
    expect(betterReading(block, page)).toBe(false);
    // A signature logo and a page of terms are read once; an empty reading is not a good one.
    expect(looksPoor('Atlantica Cargo')).toBe(true);
    expect(looksPoor('Termos e condições gerais de transporte. '.repeat(5))).toBe(false);
    // A figure whose separators were lost ("219000") does not count for a reading.
    expect(
      betterReading('Frete 40HC | USD | 219000\nTHC | BRL | 1380.00', 'THC BRL 1.380,00\nBL 60.00'),
    ).toBe(false);
  });

  it('reads a lone row with bars between the currency and its amount', () => {
    const result = extractFromText(
      ['Ocean Freight 40HC | USD | 2,190.00', 'THC            BRL | 1,380.00', 'Doc fee | USD | 60.00'].join(
        '\n',
      ),
    );
    expect(freights(result)).toEqual([['40HC', 2190, 'USD']]);
    expect(fees(result)).toEqual([
      ['THC', 1380, 'BRL'],
      ['DOC FEE', 60, 'USD'],
    ]);
  });
});

describe('QA 25 (3): an HTML table row whose value spans two columns', () => {
  const html =
    '<html><body><p>Bom dia,</p><p>Segue cotação Santos x Rotterdam, armador Maersk:</p>' +
    '<table border="1"><tr><th>Descrição</th><th>Moeda</th><th>Valor</th></tr>' +
    '<tr><td>Frete marítimo 20GP</td><td>USD</td><td>1.980,00</td></tr>' +
    '<tr><td>THC</td><td>BRL</td><td>1.350,00</td></tr>' +
    '<tr><td>Transit time</td><td colspan="2">34 dias</td></tr></table>' +
    '<p>Validade: 30/06/2026</p><p>Att,<br>Carla Souza</p></body></html>';
  const eml = [
    'MIME-Version: 1.0',
    'From: Carla Souza <carla@atlanticlog.com.br>',
    'To: compras@cliente.com.br',
    'Subject: RE: Cotação Santos - Rotterdam',
    'Date: Thu, 5 Nov 2026 09:00:00 -0300',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '',
  ].join('\r\n');

  it('reads the transit time and the prices', async () => {
    const result = toCorpusFormat(await extractFromFile(encode(eml), 'resposta.eml'));
    expect(result.transit_time_dias).toEqual({ min: 34, max: 34 });
    expect(result.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([['20DC', 1980, 'USD']]);
    expect(result.taxas.map((t) => [t.nome, t.valor, t.moeda])).toEqual([['THC', 1350, 'BRL']]);
    // The body's text keeps the cells of a row apart (a tab) and its rows on lines of their own.
    const lines = htmlToPlainText(html).split('\n');
    expect(lines).toContain('Descrição\tMoeda\tValor');
    expect(lines).toContain('Frete marítimo 20GP\tUSD\t1.980,00');
    expect(lines).toContain('Transit time\t34 dias');
  });
});
