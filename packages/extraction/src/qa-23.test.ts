import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 23, pt-BR replies (and their en/es variants):
 * (1) a revised price written "de X para Y" was read at the old price X, and Y as a second, uncounted line;
 * (2) the shipping line after "via" ("USD 2.100,00 via MSC, serviço direto") became a transhipment port;
 * (3) compact pairs with their types after them ("USD 1.450 / 2.380 (20'/40'HC)") kept only the 20' price.
 */

function reply(lines: string[], language: 'pt' | 'en' | 'es' = 'pt'): string {
  const open = {
    pt: ['Olá Marcos,', '', 'Segue a revisão da cotação Shanghai x Santos:'],
    en: ['Hi Marcos,', '', 'Please find below our revised rate Shanghai - Santos:'],
    es: ['Hola Marcos,', '', 'Te enviamos la tarifa revisada Shanghai - Santos:'],
  }[language];
  const close = {
    pt: ['Demais condições mantidas.', '', 'Atenciosamente,'],
    en: ['Other conditions remain as quoted.', '', 'Best regards,'],
    es: ['Demás condiciones se mantienen.', '', 'Saludos,'],
  }[language];
  return [
    'From: Carla Souza <carla@atlanticlog.com.br>',
    'Subject: RE: Cotação 1x40HC Shanghai - Santos',
    '',
    ...open,
    '',
    ...lines,
    '',
    ...close,
    'Carla Souza',
    'Atlantic Log Transportes Internacionais',
  ].join('\n');
}

const read = (text: string) => extractFromText(text).final;
const freights = (text: string) => read(text).fretes.map((f) => [f.unidade, f.valor]);
const fees = (text: string) => read(text).taxas.itens.map((t) => [t.nome, t.valor, t.equipamento ?? null]);

describe('QA pass 23 (1): a revised price "de X para Y" counts the new price only', () => {
  it.each([
    'Frete 40HC: reduzimos de USD 2.250,00 para USD 2.150,00',
    'Frete 40HC: de USD 2.250 para USD 2.150',
    'Frete 40HC: de 2.250 USD para 2.150 USD',
    'Frete 40HC: baixamos de USD 2.250,00 para USD 2.150,00',
    'Frete 40HC: conseguimos reduzir de USD 2.250,00 para USD 2.150,00',
    'Frete 40HC: de USD 2.250,00 por USD 2.150,00',
    'Frete 40HC: era USD 2.250, agora USD 2.150',
    'Frete 40HC: USD 2.150,00 (era USD 2.250,00)',
  ])('"%s"', (line) => {
    expect(freights(reply([line]))).toEqual([['40HC', 2150]]);
  });

  it.each([
    ['Ocean freight 40HC: reduced from USD 2,250 to USD 2,150', 'en'],
    ['Ocean freight 40HC: from USD 2,250 down to 2,150', 'en'],
    ['Flete 40HC: de USD 2.250 a USD 2.150', 'es'],
  ] as const)('"%s" (%s)', (line, language) => {
    expect(freights(reply([line], language))).toEqual([['40HC', 2150]]);
  });

  it('a fee revised "de R$ 1.500 para R$ 1.450" is one THC of 1.450', () => {
    const text = reply(['Frete 40HC: USD 2.150,00', 'THC: de R$ 1.500 para R$ 1.450']);
    expect(freights(text)).toEqual([['40HC', 2150]]);
    expect(fees(text)).toEqual([['THC', 1450, null]]);
  });

  it('two types revised on one line keep each new price', () => {
    const text = reply(['Frete: 20DC de USD 1.500 para USD 1.400 / 40HC de USD 2.250 para USD 2.150']);
    expect(freights(text)).toEqual([
      ['20DC', 1400],
      ['40HC', 2150],
    ]);
  });

  it('already right, kept: "(antes …)", "de 2.250 para 2.150 USD" and a range "de USD 1.800 a USD 2.000"', () => {
    expect(freights(reply(['Frete 40HC: USD 2.150,00 (antes USD 2.250,00)']))).toEqual([['40HC', 2150]]);
    expect(freights(reply(['Frete 40HC: de 2.250 para 2.150 USD']))).toEqual([['40HC', 2150]]);
    const range = read(reply(['Frete 40HC: de USD 1.800 a USD 2.000 conforme a semana de embarque']));
    expect(range.fretes.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2000]]);
    expect(range.fretes[0]?.confidence).toBeLessThan(0.5);
  });
});

describe('QA pass 23 (2): a carrier after "via" is the carrier, not a transhipment port', () => {
  const route = (text: string) => {
    const final = read(text);
    return [final.armador, final.rota, final.portoTransbordo];
  };

  it('"USD 2.100,00 via MSC, serviço direto"', () => {
    expect(
      route(reply(['Frete 40HC: USD 2.100,00 via MSC, serviço direto', 'Transit time: 32 dias'])),
    ).toEqual(['MSC', 'Shanghai → Santos', null]);
  });

  it('"Tarifa válida via ONE"', () => {
    expect(route(reply(['Frete 40HC: USD 2.100,00', 'Tarifa válida via ONE']))).toEqual([
      'ONE',
      'Shanghai → Santos',
      null,
    ]);
  });

  it('"via ONE, direct service" in English', () => {
    expect(route(reply(['Ocean freight 40HC: USD 2,100 via ONE, direct service'], 'en'))).toEqual([
      'ONE',
      'Shanghai → Santos',
      null,
    ]);
  });

  it('"via Hapag-Lloyd, transbordo em Cartagena": the port after the carrier is the transhipment', () => {
    expect(route(reply(['Frete 40HC: USD 2.100,00 via Hapag-Lloyd, transbordo em Cartagena']))).toEqual([
      'Hapag-Lloyd',
      'Shanghai → Cartagena → Santos',
      'Cartagena',
    ]);
  });

  it('"(via LH)": an airline\'s two-letter code is no transhipment (QA pass 26)', () => {
    const final = read(
      [
        'From: Maré Alta <quotes@marealta.com.br>',
        'Subject: RE: Cotação COT-2026-0002',
        '',
        'Prezados,',
        '',
        'Frete aéreo FRA-VCP: USD 3,60/kg (mín. USD 120,00)',
        'Transit time: 4 dias (via LH)',
        '',
        'Att,',
        'Maré Alta',
      ].join('\n'),
    );
    expect([final.rota, final.portoTransbordo ?? null, final.transit_time_dias]).toEqual([
      'Frankfurt → Viracopos',
      null,
      4,
    ]);
  });

  it('already right, kept: "via Busan" and "via Cartagena" are transhipments', () => {
    expect(route(reply(['Frete 40HC: USD 2.100,00 via Busan']))).toEqual([
      null,
      'Shanghai → Busan → Santos',
      'Busan',
    ]);
    expect(route(reply(['Frete 40HC: USD 2.100,00 via Cartagena', 'Armador: CMA CGM']))).toEqual([
      'CMA CGM',
      'Shanghai → Cartagena → Santos',
      'Cartagena',
    ]);
  });
});

describe('QA pass 23 (3): compact pairs with their container types', () => {
  const pair = [
    ['20DC', 1450],
    ['40HC', 2380],
  ];

  it('"Frete: USD 1.450 / 2.380 (20\'/40\'HC)" and "THC: R$ 1.200 / 1.500 (20\'/40\')"', () => {
    const text = reply(["Frete: USD 1.450 / 2.380 (20'/40'HC)", "THC: R$ 1.200 / 1.500 (20'/40')"]);
    expect(freights(text)).toEqual(pair);
    expect(fees(text)).toEqual([
      ['THC', 1200, '20DC'],
      ['THC', 1500, "40'"],
    ]);
  });

  it.each([
    "20'/40'HC: USD 1.450 / 2.380",
    "Frete: USD 1.450/20' e 2.380/40HC",
    'USD 1.450/20GP; USD 2.380/40HC',
  ])('"%s"', (line) => {
    expect(freights(reply([line]))).toEqual(pair);
  });

  it('already right, kept: "Ocean freight USD 1,450 / 2,380 (20GP/40HQ)"', () => {
    expect(freights(reply(['Ocean freight USD 1,450 / 2,380 (20GP/40HQ)'], 'en'))).toEqual(pair);
  });
});
