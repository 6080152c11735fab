import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 31: a revision restating its other charges in a sentence, "Demais taxas mantidas conforme nossa
 * proposta anterior (BAF USD 150/cntr, …)", gave a fee labelled "Demais taxas mantidas conforme nossa
 * proposta anterior (BAF" (shown in the carrier's approval e-mail), or lost the BAF when the freight came
 * first on the line. A fee's label never takes the sentence before an opening parenthesis: a label ending
 * in "(" and a known fee name is that fee name.
 */

const reply = (line: string) =>
  extractFromText(
    [
      'Assunto: RE: Cotação 1x40HC Shanghai x Santos',
      'De: Carla Mendes <carla@maresul.com.br>',
      'Data: 14/12/2026 10:20',
      '',
      'Prezada Ana,',
      '',
      line,
      '',
      'Atenciosamente,',
      'Carla Mendes',
    ].join('\n'),
  ).final;

const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.rotulo, x.valor, x.moeda, x.unidade]);
const freights = (f: FinalData) => f.fretes.map((x) => [x.unidade, x.valor, x.moeda]);

describe('QA 31: fees listed in parentheses after a sentence', () => {
  it('"Demais taxas mantidas conforme nossa proposta anterior (BAF …)" after the revised freight', () => {
    const f = reply(
      'Conseguimos reduzir o frete marítimo para USD 1.950,00 por contêiner 40HC. Demais taxas mantidas conforme nossa proposta anterior (BAF USD 150/cntr, THC destino R$ 1.200/cntr, BL fee USD 75).',
    );
    expect(freights(f)).toEqual([['40HC', 1950, 'USD']]);
    expect(fees(f)).toEqual([
      ['BAF', 'BAF', 150, 'USD', 'CNTR'],
      ['THC', 'THC destino', 1200, 'BRL', 'CNTR'],
      ['BL FEE', 'BL fee', 75, 'USD', 'BL'],
    ]);
  });

  it('the sentence alone on its line', () => {
    const f = reply(
      'Demais taxas mantidas conforme nossa proposta anterior (BAF USD 150/cntr, THC destino R$ 1.200/cntr, BL fee USD 75).',
    );
    expect(fees(f)).toEqual([
      ['BAF', 'BAF', 150, 'USD', 'CNTR'],
      ['THC', 'THC destino', 1200, 'BRL', 'CNTR'],
      ['BL FEE', 'BL fee', 75, 'USD', 'BL'],
    ]);
  });

  it('"Mantemos as demais taxas (THC R$ 1.300 por contêiner; BL USD 60)"', () => {
    const f = reply('Mantemos as demais taxas (THC R$ 1.300 por contêiner; BL USD 60)');
    expect(fees(f)).toEqual([
      ['THC', 'THC', 1300, 'BRL', 'CNTR'],
      ['BL FEE', 'BL', 60, 'USD', 'BL'],
    ]);
  });

  it('"other charges as per our previous offer: BAF USD 150/cntr, BL fee USD 75"', () => {
    const f = reply('other charges as per our previous offer: BAF USD 150/cntr, BL fee USD 75');
    expect(fees(f)).toEqual([
      ['BAF', 'BAF', 150, 'USD', 'CNTR'],
      ['BL FEE', 'BL fee', 75, 'USD', 'BL'],
    ]);
  });

  it('no fee label keeps an opening parenthesis', () => {
    for (const line of [
      'Demais taxas mantidas conforme nossa proposta anterior (BAF USD 150/cntr, THC destino R$ 1.200/cntr, BL fee USD 75).',
      'Mantemos as demais taxas (THC R$ 1.300 por contêiner; BL USD 60)',
    ])
      for (const fee of reply(line).taxas.itens) expect(fee.rotulo).not.toMatch(/\(/);
  });
});
