import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * Freight lines that name their route before the prices (QA pass 8, IMP-QA8-MAN): a reply quoting Shanghai /
 * Ningbo → Santos / Itajaí with "POL Shanghai / POD Santos: 40HC USD 2,200.00 ; 20DV USD 1,380.00" per line
 * gave every freight `destino: null`, labelled the 20DV prices "40HC" (the line's first label), and priced
 * Itajaí's row in the comparison with Santos's freight. Each price of such a line is now for the line's
 * destination, from its origin (`origem`), with its own equipment as label; each port's summary price is
 * its own first line's.
 */

const QA_REPLY = `Dear team,

Please find our offer below for IMP-QA8-MAN.

POL Shanghai / POD Santos: 40HC USD 2,200.00 ; 20DV USD 1,380.00
POL Ningbo / POD Santos: 40HC USD 2,150.00 ; 20DV USD 1,350.00
POL Shanghai / POD Itajai: 40HC USD 2,400.00 ; 20DV USD 1,500.00

Local charges at destination:
THC BRL 1,380.00 per container
Doc fee USD 50.00 per BL
Seal fee USD 12.00 per container

T/T: 30 days Santos, 34 days Itajai
Free time: 21 days at destination
Valid until Dec 31, 2026

Best regards,
Kevin Zhang
Navegação Pacífico Cargas
`;

const ptReply = (lines: string[]) =>
  extractFromText(
    [
      'Prezados,',
      '',
      'Segue nossa oferta:',
      '',
      ...lines,
      '',
      'Validade: 31/12/2026',
      '',
      'Atenciosamente,',
      'João',
    ].join('\n'),
  ).final;

/** What the comparison reads: each freight's origin, port, label, unit and price, and each port's price. */
const reading = (f: FinalData) => ({
  fretes: f.fretes.map((x) => [x.origem ?? null, x.destino, x.rotulo ?? null, x.unidade, x.valor, x.moeda]),
  destinos: f.destinos.map((d) => [d.nome, d.valorFreteUSD]),
});

/** Two origins to Santos, one to Itajaí: the QA reply's prices. */
const QA_FREIGHT = [
  ['Shanghai', 'Santos', '40HC', '40HC', 2200, 'USD'],
  ['Shanghai', 'Santos', '20DV', '20DC', 1380, 'USD'],
  ['Ningbo', 'Santos', '40HC', '40HC', 2150, 'USD'],
  ['Ningbo', 'Santos', '20DV', '20DC', 1350, 'USD'],
  ['Shanghai', 'Itajaí', '40HC', '40HC', 2400, 'USD'],
  ['Shanghai', 'Itajaí', '20DV', '20DC', 1500, 'USD'],
];

describe('a freight line that names its route before the prices', () => {
  it('the QA reply: "POL Shanghai / POD Santos: 40HC USD … ; 20DV USD …" per origin and port', () => {
    const f = extractFromText(QA_REPLY).final;
    expect(reading(f)).toEqual({
      fretes: QA_FREIGHT,
      // Itajaí's own line, never Santos's 2,200; Santos's first line (Shanghai, the first origin listed).
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
    });
    // Two origins to one port are both the offer, not two contradicting values: each stays green.
    expect(f.fretes.map((x) => x.confidence >= 0.8)).toEqual([true, true, true, true, true, true]);
    // No origin field: the first route line's port of loading.
    expect([f.portoOrigem, f.evidence.portoOrigem?.method]).toEqual(['Shanghai', 'route']);
  });

  it('pt-BR "Frete Ningbo x Itajaí: USD 2.400,00/40HC; USD 1.500,00/20DV": each price its origin and label', () => {
    const f = ptReply([
      'Frete Shanghai x Santos: USD 2.200,00/40HC; USD 1.380,00/20DV',
      'Frete Ningbo x Santos: USD 2.150,00/40HC; USD 1.350,00/20DV',
      'Frete Ningbo x Itajaí: USD 2.400,00/40HC; USD 1.500,00/20DV',
    ]);
    expect({ ...reading(f), verde: f.fretes.every((x) => x.confidence >= 0.8) }).toEqual({
      fretes: [
        ['Shanghai', 'Santos', '40HC', '40HC', 2200, 'USD'],
        ['Shanghai', 'Santos', '20DV', '20DC', 1380, 'USD'],
        ['Ningbo', 'Santos', '40HC', '40HC', 2150, 'USD'],
        ['Ningbo', 'Santos', '20DV', '20DC', 1350, 'USD'],
        ['Ningbo', 'Itajaí', '40HC', '40HC', 2400, 'USD'],
        ['Ningbo', 'Itajaí', '20DV', '20DC', 1500, 'USD'],
      ],
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
      verde: true,
    });
  });

  it.each([
    ['Shanghai x Santos:', 'Ningbo x Itajaí:'],
    ['Shanghai → Santos', 'Ningbo → Itajaí'],
    ['Shanghai/Santos -', 'Ningbo/Itajaí -'],
    ['De Shanghai para Santos:', 'De Ningbo para Itajaí:'],
    ['Origem Shanghai - Destino Santos:', 'Origem Ningbo - Destino Itajaí:'],
    ['Shanghai - Santos:', 'Ningbo - Itajai:'],
  ])('"%s 40HC USD … | 20DV USD …" and "%s 40HC USD … e 20DV USD …"', (santos, itajai) => {
    const f = ptReply([
      `${santos} 40HC USD 2.200,00 | 20DV USD 1.380,00`,
      `${itajai} 40HC USD 2.400,00 e 20DV USD 1.500,00`,
    ]);
    expect(reading(f)).toEqual({
      fretes: [
        ['Shanghai', 'Santos', '40HC', '40HC', 2200, 'USD'],
        ['Shanghai', 'Santos', '20DV', '20DC', 1380, 'USD'],
        ['Ningbo', 'Itajaí', '40HC', '40HC', 2400, 'USD'],
        ['Ningbo', 'Itajaí', '20DV', '20DC', 1500, 'USD'],
      ],
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
    });
  });

  it('Spanish: "Puerto de origen Ningbo / Puerto de destino Itajaí: 40HC USD … y 20DV USD …"', () => {
    const f = extractFromText(
      [
        'Estimados,',
        '',
        'Les enviamos nuestra oferta:',
        '',
        'Puerto de origen Shanghai / Puerto de destino Santos: 40HC USD 2.200,00 y 20DV USD 1.380,00',
        'Puerto de origen Ningbo / Puerto de destino Santos: 40HC USD 2.150,00 y 20DV USD 1.350,00',
        'Puerto de origen Ningbo / Puerto de destino Itajaí: 40HC USD 2.400,00, 20DV USD 1.500,00',
        '',
        'Validez: 31/12/2026',
        '',
        'Saludos,',
        'Juan Pérez',
      ].join('\n'),
    ).final;
    expect({ ...reading(f), verde: f.fretes.every((x) => x.confidence >= 0.8) }).toEqual({
      fretes: [
        ['Shanghai', 'Santos', '40HC', '40HC', 2200, 'USD'],
        ['Shanghai', 'Santos', '20DV', '20DC', 1380, 'USD'],
        ['Ningbo', 'Santos', '40HC', '40HC', 2150, 'USD'],
        ['Ningbo', 'Santos', '20DV', '20DC', 1350, 'USD'],
        ['Ningbo', 'Itajaí', '40HC', '40HC', 2400, 'USD'],
        ['Ningbo', 'Itajaí', '20DV', '20DC', 1500, 'USD'],
      ],
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
      verde: true,
    });
  });

  it('a table of routes ("Rota | 40HC | 20DV", one route per row): each row its origin and port', () => {
    const f = extractFromText(
      [
        'Dear team,',
        '',
        'Please find our offer below.',
        '',
        '| Rota | 40HC | 20DV |',
        '| Shanghai x Santos | USD 2,200.00 | USD 1,380.00 |',
        '| Ningbo x Santos | USD 2,150.00 | USD 1,350.00 |',
        '| Shanghai x Itajai | USD 2,400.00 | USD 1,500.00 |',
        '',
        'Valid until Dec 31, 2026',
        '',
        'Best regards,',
        'Kevin',
      ].join('\n'),
    ).final;
    expect(reading(f)).toEqual({
      fretes: QA_FREIGHT,
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
    });
  });

  it('an HTML table with POL and POD columns (an HTML-only e-mail): the POL of each row is its origin', async () => {
    const html =
      '<html><body><p>Dear team,</p><p>Please find our offer below for IMP-QA8-MAN.</p><table>' +
      '<tr><th>POL</th><th>POD</th><th>40HC</th><th>20DV</th></tr>' +
      '<tr><td>Shanghai</td><td>Santos</td><td>USD 2,200.00</td><td>USD 1,380.00</td></tr>' +
      '<tr><td>Ningbo</td><td>Santos</td><td>USD 2,150.00</td><td>USD 1,350.00</td></tr>' +
      '<tr><td>Shanghai</td><td>Itajai</td><td>USD 2,400.00</td><td>USD 1,500.00</td></tr></table>' +
      '<p>Valid until Dec 31, 2026</p><p>Best regards,<br>Kevin Zhang<br>Navegação Pacífico Cargas</p></body></html>';
    const eml = [
      'MIME-Version: 1.0',
      'From: Kevin Zhang <kevin@pacifico.example>',
      'To: pricing@cliente.com.br',
      'Subject: RE: IMP-QA8-MAN',
      'Date: Thu, 5 Nov 2026 09:00:00 +0800',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '',
    ].join('\r\n');
    const f = (await extractFromFile(new TextEncoder().encode(eml), 'offer.eml')).final;
    expect({ ...reading(f), verde: f.fretes.every((x) => x.confidence >= 0.8) }).toEqual({
      fretes: QA_FREIGHT,
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
      verde: true,
    });
  });

  it('an xlsx with "Origem" and "Destino" columns: the same per row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifas');
    sheet.addRow(['Origem', 'Destino', 'Frete 40HC (USD)', 'Frete 20DV (USD)']);
    sheet.addRow(['Shanghai', 'Santos', 2200, 1380]);
    sheet.addRow(['Ningbo', 'Santos', 2150, 1350]);
    sheet.addRow(['Shanghai', 'Itajaí', 2400, 1500]);
    const buffer = new Uint8Array(await workbook.xlsx.writeBuffer());
    const f = (await extractFromFile(buffer, 'tarifas.xlsx')).final;
    expect({
      fretes: f.fretes.map((x) => [x.origem ?? null, x.destino, x.unidade, x.valor, x.confidence >= 0.8]),
      destinos: reading(f).destinos,
    }).toEqual({
      fretes: [
        ['Shanghai', 'Santos', '40HC', 2200, true],
        ['Shanghai', 'Santos', '20DC', 1380, true],
        ['Ningbo', 'Santos', '40HC', 2150, true],
        ['Ningbo', 'Santos', '20DC', 1350, true],
        ['Shanghai', 'Itajaí', '40HC', 2400, true],
        ['Shanghai', 'Itajaí', '20DC', 1500, true],
      ],
      destinos: [
        ['Santos', 2200],
        ['Itajaí', 2400],
      ],
    });
  });

  it('a single route still reads as before, now with its origin and each price its own label', () => {
    const f = ptReply(['Frete Shanghai x Santos: USD 2.300,00 por 40HC e USD 1.400,00 por 20DV']);
    expect({ ...reading(f), porto: f.porto_destino.map((p) => p.nome) }).toEqual({
      // One destination: its freight is for every port of the reply (destino null), as before.
      fretes: [
        ['Shanghai', null, '40HC', '40HC', 2300, 'USD'],
        ['Shanghai', null, '20DV', '20DC', 1400, 'USD'],
      ],
      destinos: [['Santos', 2300]],
      porto: ['Santos'],
    });
  });
});
