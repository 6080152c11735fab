import { describe, expect, it } from 'vitest';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { findUnit } from './normalise/units.js';
import type { ExtractionResult, FinalData } from './types.js';

/*
 * QA passes 27-29:
 * (1) German per-container wording ("LSS: € 95,- pro Container", "ISPS: € 20,- pro Cntr", "je Container",
 *     "pro Einheit") was no basis: LSS "pro Container" was read once per shipment;
 * (2) a reply pricing only one port of a quote asking two ("conseguimos atender somente Itapoá (Santos sem
 *     espaço no momento)") named no port, so its freight was taken for both;
 * (3) one price for both ports ("mesmo valor para Santos ou Itapoá") priced no port;
 * (4) a currency stated once for the whole reply ("all rates in EUR", "Moeda: USD") with bare amounts
 *     under it: every amount was lost ("Frete não informado");
 * (5) a forwarded carrier's offer under a short note ("---------- Mensagem encaminhada ----------") was
 *     dropped as quoted history (confidence 0);
 * (6) an e-mail part declaring an unknown charset ("iso-8859-99") with Latin-1 bytes lost its accents.
 */

const freights = (f: FinalData) => f.fretes.map((x) => [x.destino, x.unidade, x.valor, x.moeda]);
const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.unidade, x.valor, x.moeda]);
const ports = (f: FinalData) => f.porto_destino.map((p) => p.nome);
const summaries = (f: FinalData) => f.destinos.map((d) => [d.nome, d.valorFreteUSD]);

describe('QA 27 (1): German per-container wording', () => {
  it.each([
    ['€ 95,- pro Container', 'CNTR'],
    ['€ 20,- pro Cntr', 'CNTR'],
    ['€ 10,- je Container', 'CNTR'],
    ['€ 15,- pro Einheit', 'CNTR'],
    ['€ 15,- per Container', 'CNTR'],
    ['€ 45,- pro B/L', 'BL'],
  ])('"%s" → %s', (text, unit) => {
    expect(findUnit(text)?.unit).toBe(unit);
  });

  it('a German reply: each fee "pro Container" / "pro Cntr" / "je Container" / "pro Einheit" is per container', () => {
    const text = [
      'Sehr geehrte Frau Oliveira,',
      '',
      'anbei unser Angebot Hamburg - Santos:',
      '',
      'Seefracht 40HC: USD 2.100,-',
      'LSS: € 95,- pro Container',
      'ISPS: € 20,- pro Cntr',
      'Seal fee: € 10,- je Container',
      'VGM: € 15,- pro Einheit',
      'B/L fee: € 45,- pro B/L',
      '',
      'Mit freundlichen Grüßen',
      'Hans Becker',
    ].join('\n');
    const f = extractFromText(text).final;
    expect(freights(f)).toEqual([[null, '40HC', 2100, 'USD']]);
    expect(fees(f)).toEqual([
      ['LSS', 'CNTR', 95, 'EUR'],
      ['ISPS', 'CNTR', 20, 'EUR'],
      ['LACRE', 'CNTR', 10, 'EUR'],
      ['VGM', 'CNTR', 15, 'EUR'],
      ['BL FEE', 'BL', 45, 'EUR'],
    ]);
  });

  it('in LCL too, where no fee is per container by default', () => {
    const text = [
      'Hallo Ana,',
      '',
      'LCL Hamburg - Santos: EUR 38,- per W/M',
      'LSS: € 95,- pro Container',
      'Handling: € 30,- pro Sendung',
      '',
      'Gruß',
      'Hans',
    ].join('\n');
    const f = extractFromText(text).final;
    expect(fees(f)[0]).toEqual(['LSS', 'CNTR', 95, 'EUR']);
  });
});

describe('QA 27 (2): a reply that prices only one of the ports the quote asks', () => {
  const reply = (lead: string) =>
    [
      'Assunto: RE: Cotação 1x40HC Shanghai x Santos / Itapoá',
      'De: Carla Mendes <carla@maresul.com.br>',
      'Para: compras@importadora.com.br',
      'Data: 14/12/2026 10:20',
      '',
      'Prezada Ana,',
      '',
      lead,
      '',
      'Frete 40HC: USD 2.350,00',
      'THC: R$ 1.350,00 por contêiner',
      'BL fee: USD 60,00',
      'Transit time: 35 dias',
      '',
      'Atenciosamente,',
      'Carla Mendes',
      'Mare Sul Logística',
    ].join('\n');

  it.each([
    'Conseguimos atender somente Itapoá (Santos sem espaço no momento).',
    'Segue cotação para Itapoá:',
    'Cotação válida apenas para Itapoá.',
    'Santos sem espaço no momento; segue cotação para Itapoá:',
    'Itapoá: ok. Santos não atendemos nesta saída.',
    'We can only offer Itapoá at the moment (no space to Santos).',
    'Please note: only Itapoá, Santos is fully booked.',
    'Podemos cotizar solo Itapoá (Santos sin espacio).',
  ])('"%s" → Itapoá only', (lead) => {
    const f = extractFromText(reply(lead)).final;
    expect(ports(f)).toEqual(['Itapoá']);
    expect(summaries(f)).toEqual([['Itapoá', 2350]]);
    // Priced for the reply's only port, as "POD: Itapoá" is read.
    expect(freights(f)).toEqual([[null, '40HC', 2350, 'USD']]);
    expect(fees(f)).toEqual([
      ['THC', 'CNTR', 1350, 'BRL'],
      ['BL FEE', 'BL', 60, 'USD'],
    ]);
  });

  it('reads as "POD: Itapoá" does', () => {
    const pod = extractFromText(reply('POD: Itapoá')).final;
    const only = extractFromText(reply('Conseguimos atender somente Itapoá (Santos sem espaço).')).final;
    expect([ports(only), summaries(only), freights(only)]).toEqual([
      ports(pod),
      summaries(pod),
      freights(pod),
    ]);
  });

  it('a port written as not served never becomes the destination', () => {
    for (const lead of ['Santos sem espaço no momento.', 'Itapoá não atendemos.']) {
      const f = extractFromText(reply(lead)).final;
      const refused = lead.startsWith('Santos') ? 'Santos' : 'Itapoá';
      expect(ports(f)).not.toContain(refused);
    }
  });
});

describe('QA 27 (3): one price for both ports', () => {
  const reply = (lines: string[], subject = 'RE: Cotação 1x40HC Shanghai x Santos / Itapoá') =>
    extractFromText(
      [
        `Assunto: ${subject}`,
        'De: Carla Mendes <carla@maresul.com.br>',
        'Para: compras@importadora.com.br',
        'Data: 14/12/2026 10:20',
        '',
        'Prezada Ana,',
        '',
        ...lines,
        'THC: R$ 1.300,00 por contêiner',
        'BL fee: USD 50,00',
        'Transit time: 32 dias',
        '',
        'Atenciosamente,',
        'Carla Mendes',
      ].join('\n'),
    ).final;
  /** The same reply pricing each port on its own line. */
  const apart = reply(['POD Santos: USD 2.100,00/40HC', 'POD Itapoá: USD 2.100,00/40HC']);

  it.each([
    [['Frete 40HC USD 2.100 – mesmo valor para Santos ou Itapoá']],
    [['Frete 40HC: USD 2.100,00 (same rate for Santos and Itapoá)']],
    [['Frete 40HC: USD 2.100,00', 'Valor válido para ambos os portos.']],
    [['Ocean freight 40HC: USD 2,100.00 - same rate for both ports']],
    [['Flete 40HC: USD 2.100 – mismo valor para Santos o Itapoá']],
  ])('%j → each port its freight, as priced apart', (lines) => {
    const f = reply(lines);
    expect(ports(f)).toEqual(['Santos', 'Itapoá']);
    expect(summaries(f)).toEqual([
      ['Santos', 2100],
      ['Itapoá', 2100],
    ]);
    expect(freights(f)).toEqual(freights(apart));
    expect(fees(f)).toEqual(fees(apart));
  });

  it('"ambos os portos": the ports the importer\'s quoted request asks', () => {
    const f = extractFromText(
      [
        'Assunto: RE: Cotação 1x40HC',
        'De: Carla Mendes <carla@maresul.com.br>',
        'Para: compras@importadora.com.br',
        'Data: 14/12/2026 10:20',
        '',
        'Prezada Ana,',
        '',
        'Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos',
        'THC: R$ 1.300,00 por contêiner',
        '',
        'Atenciosamente,',
        'Carla Mendes',
        '',
        'Em 13/12/2026 09:00, Ana <compras@importadora.com.br> escreveu:',
        '> Prezados, favor cotar 1x40HC.',
        '> Origem: Shanghai',
        '> Destino: Santos / Itapoá',
      ].join('\n'),
    ).final;
    expect(summaries(f)).toEqual([
      ['Santos', 2100],
      ['Itapoá', 2100],
    ]);
  });

  it('"same rate for both ports" without the quote\'s ports names none', () => {
    const f = reply(['Frete 40HC: USD 2.100,00 - mesmo valor para ambos os portos'], 'RE: Cotação 1x40HC');
    expect(ports(f)).toEqual([]);
    expect(freights(f)).toEqual([[null, '40HC', 2100, 'USD']]);
  });
});

describe('QA 28 (4): a currency stated once for the whole reply', () => {
  const reply = (statement: string, extra: string[] = []) =>
    extractFromText(
      [
        'Dear Ana,',
        '',
        'please find our offer Hamburg - Santos below.',
        statement,
        '',
        "40'HC: 1.850,-",
        "20'DV: 1.150,-",
        'ISPS 25,- per container',
        'B/L fee 45,-',
        ...extra,
        'Transit time: 28 days',
        '',
        'Best regards,',
        'Klaus Weber',
      ].join('\n'),
    ).final;

  it.each([
    ['All rates in EUR.', 'EUR'],
    ['Currency: EUR', 'EUR'],
    ['All amounts in EUR.', 'EUR'],
    ['Todos os valores em EUR.', 'EUR'],
    ['Moeda: USD', 'USD'],
  ])('"%s": the bare amounts are in %s', (statement, currency) => {
    const f = reply(statement);
    expect(freights(f)).toEqual([
      [null, '40HC', 1850, currency],
      [null, '20DC', 1150, currency],
    ]);
    expect(fees(f)).toEqual([
      ['ISPS', 'CNTR', 25, currency],
      ['BL FEE', 'BL', 45, currency],
    ]);
    expect(f.transit_time_dias).toBe(28);
    // Each figure points at the line it was read from, as written.
    expect(f.fretes[0]?.source.text).toBe("40'HC: 1.850,-");
  });

  it('a line with its own currency keeps it ("THC R$ 1.300")', () => {
    const f = reply('All rates in EUR.', ['THC R$ 1.300 per container']);
    expect(fees(f)).toEqual([
      ['ISPS', 'CNTR', 25, 'EUR'],
      ['BL FEE', 'BL', 45, 'EUR'],
      ['THC', 'CNTR', 1300, 'BRL'],
    ]);
    expect(freights(f)[0]).toEqual([null, '40HC', 1850, 'EUR']);
  });

  it('without a stated currency, bare amounts stay unread (as before)', () => {
    expect(reply('').fretes).toEqual([]);
  });
});

describe('QA 28 (5): a forwarded carrier offer under a short note', () => {
  const OFFER = [
    'Prezada Paula,',
    '',
    'Frete 20GP USD 1.520,00',
    'BL fee USD 50,00',
    'THC Itapoá R$ 990,00',
    'Transit 39 dias',
    '',
    'Att,',
    'Pricing CMA',
  ];
  const NOTE = [
    'Bom dia Ana,',
    '',
    'Segue abaixo a oferta do armador para o seu embarque.',
    '',
    'Abs,',
    'Paula',
  ];
  const HEADER = [
    'Subject: ENC: Cotação 1x20GP Ningbo x Itapoá',
    'From: Paula Reis <paula@atlanticalog.com.br>',
    'To: compras@importadora.com.br',
    'Date: Tue, 15 Dec 2026 09:10:00 -0300',
    '',
  ];
  const expectOffer = (result: ExtractionResult, text: string) => {
    const f = result.final;
    expect(freights(f)).toEqual([[null, '20DC', 1520, 'USD']]);
    expect(fees(f)).toEqual([
      ['BL FEE', 'BL', 50, 'USD'],
      ['THC', 'CNTR', 990, 'BRL'],
    ]);
    expect(f.transit_time_dias).toBe(39);
    expect(f.confidence_overall).toBeGreaterThan(0.3);
    // Provenance: the forwarded message's own line.
    const lines = text.split('\n');
    const source = f.fretes[0]!.source;
    expect(lines[source.line - 1]?.trim()).toBe('Frete 20GP USD 1.520,00');
    expect(source.text).toBe('Frete 20GP USD 1.520,00');
  };

  it.each([
    [
      'Gmail, pt',
      [
        '---------- Mensagem encaminhada ----------',
        'De: Pricing CMA <pricing@cmacgm-br.com>',
        'Data: seg., 14 de dez. de 2026 às 17:40',
        'Assunto: Oferta Ningbo x Itapoá',
        'Para: Paula Reis <paula@atlanticalog.com.br>',
        '',
      ],
    ],
    [
      'Gmail, en',
      [
        '---------- Forwarded message ---------',
        'From: Pricing CMA <pricing@cmacgm-br.com>',
        'Date: Mon, Dec 14, 2026 at 5:40 PM',
        'Subject: Oferta Ningbo x Itapoá',
        'To: Paula Reis <paula@atlanticalog.com.br>',
        '',
      ],
    ],
    [
      'Outlook',
      [
        '________________________________',
        'De: Pricing CMA <pricing@cmacgm-br.com>',
        'Enviada em: segunda-feira, 14 de dezembro de 2026 17:40',
        'Para: Paula Reis <paula@atlanticalog.com.br>',
        'Assunto: Oferta Ningbo x Itapoá',
        '',
      ],
    ],
  ])('%s: the forwarded offer is read', (_name, separator) => {
    const text = [...HEADER, ...NOTE, '', ...separator, ...OFFER].join('\n');
    expectOffer(extractFromText(text), text);
  });

  it('a bare forward, nothing above the forwarded message', () => {
    const text = [
      ...HEADER.map((l) => l.replace('ENC: ', '')),
      '---------- Forwarded message ---------',
      'From: Pricing CMA <pricing@cmacgm-br.com>',
      'Date: Mon, Dec 14, 2026 at 5:40 PM',
      'Subject: Oferta Ningbo x Itapoá',
      'To: Paula Reis <paula@atlanticalog.com.br>',
      '',
      ...OFFER,
    ].join('\n');
    expectOffer(extractFromText(text), text);
  });

  it('an Outlook block under a note and no forward subject: read when the note points below', () => {
    const text = [
      ...NOTE,
      '',
      'De: Pricing CMA <pricing@cmacgm-br.com>',
      'Enviada em: segunda-feira, 14 de dezembro de 2026 17:40',
      'Para: Paula Reis <paula@atlanticalog.com.br>',
      'Assunto: Oferta Ningbo x Itapoá',
      '',
      ...OFFER,
    ].join('\n');
    expectOffer(extractFromText(text), text);
  });

  it('a note with its own offer keeps it; the forwarded one stays history', () => {
    const text = [
      ...HEADER,
      'Bom dia Ana,',
      '',
      'Frete 20GP USD 1.700,00',
      'BL fee USD 60,00',
      '',
      'Abs,',
      'Paula',
      '',
      '---------- Mensagem encaminhada ----------',
      'De: Pricing CMA <pricing@cmacgm-br.com>',
      'Data: seg., 14 de dez. de 2026 às 17:40',
      'Assunto: Oferta Ningbo x Itapoá',
      'Para: Paula Reis <paula@atlanticalog.com.br>',
      '',
      ...OFFER,
    ].join('\n');
    const f = extractFromText(text).final;
    expect(freights(f)).toEqual([[null, '20DC', 1700, 'USD']]);
    expect(fees(f)).toEqual([['BL FEE', 'BL', 60, 'USD']]);
  });

  it("a reply quoting the importer's request keeps working: the request's figures are never the carrier's", () => {
    const text = [
      'Assunto: RE: Cotação 1x20GP Ningbo x Itapoá',
      'De: Paula Reis <paula@atlanticalog.com.br>',
      'Para: compras@importadora.com.br',
      'Data: 15/12/2026 09:10',
      '',
      'Bom dia Ana,',
      '',
      'Recebido, retornamos em breve.',
      '',
      'Abs,',
      'Paula',
      '',
      'Em seg., 14 de dez. de 2026 às 17:40, Ana Compras <compras@importadora.com.br> escreveu:',
      '> Prezados, favor cotar 1x20GP Ningbo x Itapoá.',
      '> Target: USD 1.400,00',
      '> Valor da mercadoria: USD 48.000,00',
    ].join('\n');
    const f = extractFromText(text).final;
    expect(f.fretes).toEqual([]);
    expect(f.taxas.itens).toEqual([]);
  });
});

describe('QA 29 (6): an e-mail part with an unknown charset and Latin-1 bytes', () => {
  const eml = (charset: string, body: Buffer) =>
    new Uint8Array(
      Buffer.concat([
        Buffer.from(
          [
            'From: Joao Lima <joao@cargabr.com.br>',
            'To: compras@importadora.com.br',
            'Subject: RE: Cotacao 1x40HC',
            'Date: Mon, 14 Dec 2026 10:00:00 -0300',
            'MIME-Version: 1.0',
            `Content-Type: text/plain; charset="${charset}"`,
            'Content-Transfer-Encoding: 8bit',
            '',
            '',
          ].join('\r\n'),
        ),
        body,
      ]),
    );
  const TEXT = [
    'Prezados,',
    '',
    'Frete marítimo 40HC: USD 2.100,00',
    'Taxa de liberação: R$ 350,00',
    'Trânsito: 31 dias',
    '',
    'Att,',
    'João',
  ].join('\r\n');

  it('decodes it as windows-1252', async () => {
    const result = await extractFromFile(eml('iso-8859-99', Buffer.from(TEXT, 'latin1')), 'resposta.eml');
    const f = result.final;
    expect(f.fretes[0]?.source.text).toBe('Frete marítimo 40HC: USD 2.100,00');
    expect(f.taxas.itens.map((t) => t.rotulo)).toEqual(['Taxa de liberação']);
    expect(f.transit_time_dias).toBe(31);
  });

  it('UTF-8 bytes under an unknown charset stay UTF-8', async () => {
    const result = await extractFromFile(eml('x-unknown-99', Buffer.from(TEXT, 'utf8')), 'resposta.eml');
    expect(result.final.fretes[0]?.source.text).toBe('Frete marítimo 40HC: USD 2.100,00');
    expect(result.final.transit_time_dias).toBe(31);
  });
});
