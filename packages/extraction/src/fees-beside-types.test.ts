import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/* A per-document fee written beside each container type is one charge per BL, not one per type. */
const reply = (feeLine: string) =>
  [
    'From: Ana <ana@porto-q.com.br>',
    'Subject: Re: Cotação COT-2026-0009',
    '',
    'Prezados,',
    '',
    'Frete 20DV USD 1.250,00 / 40HC USD 2.100,00',
    'THC 20DV BRL 1.100,00 / 40HC BRL 1.450,00',
    feeLine,
    '',
    'Att,',
    'Ana',
  ].join('\n');

const fees = (text: string) =>
  extractFromText(text).final.taxas.itens.map((t) => [t.nome, t.unidade, t.valor, t.equipamento ?? null]);

describe('a document fee beside each container type', () => {
  it.each(['BL fee 20DV BRL 350,00 / 40HC BRL 350,00', "Taxa de BL: 20' R$ 350,00 / 40' R$ 350,00"])(
    '"%s": one BL FEE per BL; THC stays per type',
    (line) => {
      expect(fees(reply(line))).toEqual([
        ['THC', 'CNTR', 1100, '20DC'],
        ['THC', 'CNTR', 1450, '40HC'],
        ['BL FEE', 'BL', 350, null],
      ]);
    },
  );

  it('different amounts per type are both kept, each naming its type (the comparison counts the one shipped)', () => {
    expect(
      fees(reply('BL fee 20DV BRL 350,00 / 40HC BRL 400,00')).filter(([nome]) => nome === 'BL FEE'),
    ).toEqual([
      ['BL FEE', 'BL', 350, '20DC'],
      ['BL FEE', 'BL', 400, '40HC'],
    ]);
    expect(fees(reply("BL fee: USD 50 (20') / USD 60 (40')")).filter(([nome]) => nome === 'BL FEE')).toEqual([
      ['BL FEE', 'BL', 50, '20DC'],
      ['BL FEE', 'BL', 60, "40'"],
    ]);
  });

  it('an amount written beside two types names neither', () => {
    expect(
      fees(reply('BL fee 20DV BRL 350,00 / 40DC BRL 350,00 / 40HC BRL 400,00')).filter(
        ([nome]) => nome === 'BL FEE',
      ),
    ).toEqual([
      ['BL FEE', 'BL', 350, null],
      ['BL FEE', 'BL', 400, '40HC'],
    ]);
  });
});
