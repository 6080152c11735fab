import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * A QA tester's replies to an FCL quote Shanghai → Santos, 3 × 40HC + 2 × 20DV: (1) a charge left out of an
 * all-in price ("all in, excluding BL fee USD 75.00 per BL") was dropped with the all-in check, so the
 * product totalled USD 9.050 instead of 9.125; (2) a BL fee written under both container columns of a table
 * was counted per container (2 × 350 + 3 × 350); (3) "Valid until Dec 31st" under "Destination charges
 * (BRL):" was a fee "VALID UNTIL DEC" of 31,00; (4) "14 days combined free time" gave no free time, and a
 * bare "14 days combined" after a transit stretched the transit to 14–31 days.
 */

const MESSAGE_DATE = new Date('2026-12-07T10:00:00-03:00');
const read = (text: string) => extractFromText(text, { messageDate: MESSAGE_DATE }).final;

const fretes = (f: FinalData) => f.fretes.map((x) => [x.unidade, x.valor, x.moeda]);
const taxas = (f: FinalData) =>
  f.taxas.itens.map((t) => [t.nome, t.unidade, t.valor, t.moeda, t.equipamento ?? null]);

/** What the product sums for 3 × 40HC + 2 × 20DV: freight per container, fees per container or once. */
function total(f: FinalData): number {
  const count: Record<string, number> = { '40HC': 3, '20DC': 2 };
  const freight = f.fretes.reduce((sum, x) => sum + x.valor * (count[x.unidade] ?? 0), 0);
  const fees = f.taxas.itens.reduce((sum, t) => {
    if (t.unidade !== 'CNTR') return sum + t.valor;
    return sum + t.valor * (t.equipamento === undefined ? 5 : (count[t.equipamento] ?? 0));
  }, 0);
  return freight + fees;
}

const allInReply = (offer: string) =>
  [
    'Dear Ana,',
    '',
    'Thanks for your inquiry. Please see our offer Shanghai - Santos:',
    '',
    offer,
    '',
    'T/T 31 days, 14 days combined free time.',
    'Valid until Dec 31st.',
    '',
    'Best regards,',
    'Kevin',
  ].join('\n');

describe('a charge an all-in price leaves out is a fee', () => {
  it('the QA reply: "(all in, excluding BL fee USD 75.00 per BL)" and "14 days combined free time"', () => {
    const f = read(allInReply('40HC USD 2,150 / 20DV USD 1,300 (all in, excluding BL fee USD 75.00 per BL)'));
    expect({
      fretes: fretes(f),
      taxas: taxas(f),
      total: total(f),
      transit: [f.transit_time_min_dias, f.transit_time_max_dias],
      freeTime: [f.free_time_destino_dias, f.free_time_tipo],
      validade: f.validadeProposta,
    }).toEqual({
      fretes: [
        ['40HC', 2150, 'USD'],
        ['20DC', 1300, 'USD'],
      ],
      taxas: [['BL FEE', 'BL', 75, 'USD', null]],
      total: 9125,
      transit: [31, 31],
      freeTime: [14, 'combinado'],
      validade: '2026-12-31',
    });
  });

  it.each([
    '(all in, exceto BL fee USD 75.00 por BL)',
    '(all in, não incluso BL fee USD 75.00 por BL)',
    '(all in, except BL fee USD 75.00 per BL)',
    '(all in, excl. BL fee USD 75.00 per BL)',
    'all in plus BL fee USD 75.00 per BL',
    'all in + BL fee USD 75.00 per BL',
    '(all in + BL fee USD 75.00/BL)',
  ])('"40HC USD 2,150 / 20DV USD 1,300 %s"', (exclusion) => {
    const f = read(allInReply(`40HC USD 2,150 / 20DV USD 1,300 ${exclusion}`));
    expect({ fretes: fretes(f), taxas: taxas(f) }).toEqual({
      fretes: [
        ['40HC', 2150, 'USD'],
        ['20DC', 1300, 'USD'],
      ],
      taxas: [['BL FEE', 'BL', 75, 'USD', null]],
    });
  });

  it('names the fee by what it left out, and a charge left out without an amount is none', () => {
    const named = read(allInReply('40HC USD 2,150 all in, exceto taxa de liberação BRL 350,00 por BL'));
    expect(named.taxas.itens.map((t) => [t.nome, t.rotulo, t.unidade, t.valor, t.moeda])).toEqual([
      ['LIBERACAO', 'taxa de liberação', 'BL', 350, 'BRL'],
    ]);
    expect(taxas(read(allInReply('40HC USD 2,150 / 20DV USD 1,300 (all in, excluding THC)')))).toEqual([]);
  });

  it('an all-in total after its parts is still only a check', () => {
    const f = read(
      allInReply(
        "Flete base EUR 1.200,00 por 40' + BAF EUR 160,00/cont. + ETS EUR 35,00/cont. (all in EUR 1.395,00)",
      ),
    );
    expect({ fretes: fretes(f), taxas: taxas(f) }).toEqual({
      fretes: [
        ['40DC', 1200, 'EUR'],
        ['40HC', 1200, 'EUR'],
      ],
      taxas: [
        ['BAF', 'CNTR', 160, 'EUR', null],
        ['ETS', 'CNTR', 35, 'EUR', null],
      ],
    });
  });
});

const HTML_TABLE =
  '<html><body><p>Prezada Ana,</p><p>Segue nossa cotação Shanghai x Santos:</p><table>' +
  '<tr><th>Item</th><th>20DV</th><th>40HC</th><th>Moeda</th></tr>' +
  '<tr><td>Frete marítimo</td><td>1,300.00</td><td>2,150.00</td><td>USD</td></tr>' +
  '<tr><td>THC</td><td>1,350.00</td><td>1,350.00</td><td>BRL</td></tr>' +
  '<tr><td>BL fee</td><td>350.00</td><td>350.00</td><td>BRL</td></tr>' +
  '</table><p>Transit time: 31 dias. Free time: 14 dias. Validade: 31/12/2026.</p>' +
  '<p>Atenciosamente,<br>Kevin</p></body></html>';

const htmlOnlyEml = (html: string) =>
  new TextEncoder().encode(
    [
      'MIME-Version: 1.0',
      'From: Kevin <kevin@forwarder.example>',
      'To: ana@importer.example',
      'Subject: RE: Cotação FCL Shanghai x Santos',
      'Date: Mon, 07 Dec 2026 10:00:00 -0300',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '',
    ].join('\r\n'),
  );

const pipeReply = (rows: string[]) =>
  [
    'Prezada Ana,',
    '',
    'Segue nossa cotação Shanghai x Santos:',
    '',
    'Item | 20DV | 40HC | Moeda',
    'Frete marítimo | 1,300.00 | 2,150.00 | USD',
    ...rows,
    '',
    'Transit time: 31 dias',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Kevin',
  ].join('\n');

describe('a per-document charge written under every container column is one charge', () => {
  it('the QA reply: an HTML table with "BL fee | 350.00 | 350.00 | BRL" under 20DV and 40HC', async () => {
    const f = (await extractFromFile(htmlOnlyEml(HTML_TABLE), 'cotacao.eml')).final;
    expect({ fretes: fretes(f), taxas: taxas(f) }).toEqual({
      fretes: [
        ['20DC', 1300, 'USD'],
        ['40HC', 2150, 'USD'],
      ],
      taxas: [
        // THC is per container by nature: each column's price for its own containers, as before.
        ['THC', 'CNTR', 1350, 'BRL', '20DC'],
        ['THC', 'CNTR', 1350, 'BRL', '40HC'],
        ['BL FEE', 'BL', 350, 'BRL', null],
      ],
    });
    expect(f.taxas.itens[2]?.source.cell).toBe('20DV / 40HC × BL fee\t350.00\t350.00\tBRL');
  });

  it('the same as a pipe table: documents and releases once, THC and different values per column', () => {
    const f = read(
      pipeReply([
        'THC | 1,350.00 | 1,350.00 | BRL',
        'BL fee | 350.00 | 350.00 | BRL',
        'Emissão de BL | 120.00 | 120.00 | BRL',
        'Liberação | 200.00 | 200.00 | BRL',
        'Doc fee | 150.00 | 300.00 | BRL',
        'Seal | 25.00 | 25.00 | USD',
      ]),
    );
    expect(taxas(f)).toEqual([
      ['THC', 'CNTR', 1350, 'BRL', '20DC'],
      ['THC', 'CNTR', 1350, 'BRL', '40HC'],
      ['BL FEE', 'BL', 350, 'BRL', null],
      ['DOC FEE', 'BL', 120, 'BRL', null],
      // A release is per shipment in the dictionary (PROCESSO): also counted once.
      ['LIBERACAO', 'PROCESSO', 200, 'BRL', null],
      // A document fee priced differently per size is what the reply says: per container of each size.
      ['DOC FEE', 'CNTR', 150, 'BRL', '20DC'],
      ['DOC FEE', 'CNTR', 300, 'BRL', '40HC'],
      ['LACRE', 'CNTR', 25, 'USD', '20DC'],
      ['LACRE', 'CNTR', 25, 'USD', '40HC'],
    ]);
  });

  it('a basis written "per container" in the row keeps the charge per column', () => {
    const f = read(pipeReply(['BL fee (BRL/cntr) | 350.00 | 350.00 | BRL']));
    expect(taxas(f)).toEqual([
      ['BL FEE', 'CNTR', 350, 'BRL', '20DC'],
      ['BL FEE', 'CNTR', 350, 'BRL', '40HC'],
    ]);
  });

  it('the same in a spreadsheet with 20DV and 40HC columns', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifas');
    sheet.addRow(['Item', '20DV', '40HC', 'Moeda']);
    sheet.addRow(['Frete marítimo', 1300, 2150, 'USD']);
    sheet.addRow(['THC', 1350, 1350, 'BRL']);
    sheet.addRow(['BL fee', 350, 350, 'BRL']);
    const buffer = new Uint8Array(await workbook.xlsx.writeBuffer());
    const f = (await extractFromFile(buffer, 'tarifas.xlsx')).final;
    expect(taxas(f)).toEqual([
      ['THC', 'CNTR', 1350, 'BRL', '20DC'],
      ['THC', 'CNTR', 1350, 'BRL', '40HC'],
      ['BL FEE', 'BL', 350, 'BRL', null],
    ]);
  });
});

const chargesThen = (validity: string) =>
  [
    'Dear Ana,',
    '',
    'Ocean freight Shanghai - Santos:',
    '40HC USD 2,150.00',
    '20DV USD 1,300.00',
    '',
    'Destination charges (BRL):',
    'THC 1,350.00 per container',
    'BL fee 350.00 per BL',
    validity,
    '',
    'Transit time 31 days.',
    '',
    'Best regards,',
    'Kevin',
  ].join('\n');

describe('a validity under a charges heading is the validity, not a fee', () => {
  it.each([
    'Valid until Dec 31st',
    'Validity: Dec 31st',
    'valid till 31st December',
    'Validade: 31 de dezembro',
    'válido até 31/12',
    'Válido até 31 de dezembro',
    'Offer valid till Dec 31',
  ])('"%s" after "Destination charges (BRL):"', (validity) => {
    const f = read(chargesThen(validity));
    expect({ taxas: taxas(f), validade: f.validadeProposta, reason: f.reason }).toEqual({
      taxas: [
        ['THC', 'CNTR', 1350, 'BRL', null],
        ['BL FEE', 'BL', 350, 'BRL', null],
      ],
      validade: '2026-12-31',
      reason: null,
    });
  });

  it('bare amounts in the heading currency are still read there', () => {
    const f = read(chargesThen('Handling 31.00 per BL'));
    expect(taxas(f)).toContainEqual(['HANDLING', 'BL', 31, 'BRL', null]);
  });
});

const withFreeTime = (line: string) =>
  [
    'Dear Ana,',
    '',
    'Please see our offer Shanghai - Santos:',
    '',
    '40HC USD 2,150 / 20DV USD 1,300',
    '',
    line,
    'Valid until Dec 31st.',
    '',
    'Best regards,',
    'Kevin',
  ].join('\n');

describe('a free time of demurrage and detention combined', () => {
  it.each([
    ['T/T 31 days, 14 days combined free time.', [31, 31]],
    ['T/T 31 days, 14 days combined.', [31, 31]],
    ['Free time: 14 days combined', [null, null]],
    ['14 dias combinados (demurrage + detention)', [null, null]],
    ['Free time: 14 dias combinados (demurrage + detention)', [null, null]],
    ['Transit time 31 dias, free time 14 dias combinados (demurrage + detention)', [31, 31]],
    ['Combined free time: 14 days', [null, null]],
    ['14 dias de detention e demurrage combinados', [null, null]],
  ])('"%s" is 14 days, combined', (line, transit) => {
    const f = read(withFreeTime(line));
    expect({
      freeTime: f.free_time_destino_dias,
      tipo: f.free_time_tipo,
      transit: [f.transit_time_min_dias, f.transit_time_max_dias],
    }).toEqual({ freeTime: 14, tipo: 'combinado', transit });
  });

  it('a free time at destination alone has no kind', () => {
    for (const line of [
      'Free time: 14 days',
      'Free time 14 days at destination',
      'T/T 31 days, 14 days free',
    ]) {
      const f = read(withFreeTime(line));
      expect([f.free_time_destino_dias, 'free_time_tipo' in f]).toEqual([14, false]);
    }
  });
});
