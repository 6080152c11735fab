import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 32: a revision written above the carrier's own earlier offer, quoted whole, "demais condições
 * mantidas". The quoted offer's values are read (as before), and the result says they are that offer
 * (`ofertaAnteriorCitada`), so that the comparison prefers the offer as the analyst corrected it. An asked
 * price the carrier agrees to, read from the importer's quoted request, is not that offer.
 */

const OFFER = [
  'Frete 40HC: USD 2.650,00 por contêiner',
  'BL fee: USD 60,00 por BL',
  'THC destino: BRL 1.400,00 por contêiner',
  'Transit time: 35 dias',
];

describe('a reply quoting an earlier message', () => {
  it('marks the carrier’s own quoted offer under "demais condições mantidas"', () => {
    const final = extractFromText(
      [
        'Bom dia,',
        '',
        'Revisamos o frete para USD 2.550,00 por contêiner. Demais condições mantidas.',
        '',
        'Att.,',
        'Juliana Prado',
        '',
        'De: Juliana Prado <quotes@marealta.com.br>',
        'Enviado em: segunda-feira, 7 de dezembro de 2026 10:15',
        'Para: cotacoes@importador.com.br',
        'Assunto: RE: Cotação COT-2026-0001',
        '',
        'Prezados,',
        '',
        ...OFFER,
      ].join('\n'),
    ).final;
    expect(final.ofertaAnteriorCitada).toBe(true);
    expect(final.taxas.itens.map((fee) => [fee.nome, fee.valor, fee.source.origin])).toContainEqual([
      'BL FEE',
      60,
      'quoted',
    ]);
    expect(final.fretes.map((frete) => [frete.valor, frete.source.origin])).toEqual([[2550, 'body']]);
  });

  it('does not mark an asked price agreed to, nor a reply that quotes nothing it keeps', () => {
    const agreed = extractFromText(
      [
        'Ok, de acordo com o valor solicitado.',
        '',
        'Att,',
        'Carlos',
        '',
        'Em 07/12/2026 10:00, Importadora <cotacoes@importador.com.br> escreveu:',
        '> Conseguem chegar a USD 2.000,00 no 40HC?',
      ].join('\n'),
    ).final;
    expect(agreed.ofertaAnteriorCitada).toBeUndefined();
    const plain = extractFromText(['Prezados,', '', ...OFFER].join('\n')).final;
    expect(plain.ofertaAnteriorCitada).toBeUndefined();
  });
});
