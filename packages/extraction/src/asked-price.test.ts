import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * A carrier agreeing to the price the analyst asked in a revision request, without writing it ("Ok, de
 * acordo com o valor solicitado"), kept its first price: the comparison priced the row at the old freight
 * and another carrier could be called the cheapest. The asked price, read from the quoted request, is the
 * new freight; the rest of the offer stands.
 */

const HEAD = (from: string) => [
  `From: Carlos Mendes <${from}>`,
  'To: cotacoes+abc@cotacoes.local',
  'Subject: Re: Pedido de revisão da proposta',
  'Date: Sun, 06 Dec 2026 10:00:00 -0300',
  '',
];
const quote = (lines: string[]) => lines.map((line) => (line ? `> ${line}` : '>'));
const request = (ask: string, language: 'pt' | 'en' = 'pt') =>
  language === 'pt'
    ? [
        'Prezados,',
        '',
        'Agradecemos a proposta enviada para a cotação COT-2026-0003 (processo IMP-QA2-FCL).',
        'Pedimos, por gentileza, que revisem a proposta conforme a mensagem abaixo:',
        '',
        ask,
        '',
        'Para enviar a proposta revisada, basta responder a este e-mail.',
        '',
        'Atenciosamente,',
        'Demo Desenvolvedor',
      ]
    : [
        'Dear partner,',
        '',
        'Thank you for your offer for quotation COT-2026-0003 (process IMP-QA2-FCL).',
        'We kindly ask you to revise it as described below:',
        '',
        ask,
        '',
        'To send the revised offer, simply reply to this e-mail.',
        '',
        'Best regards,',
        'Demo Desenvolvedor',
      ];

function agree(answer: string, ask: string, language: 'pt' | 'en' = 'pt') {
  const text = [
    ...HEAD('quotes@marealta.com.br'),
    answer,
    '',
    'Att,',
    'Carlos',
    '',
    'Em sáb., 6 de dez. de 2026 às 09:30, Importadora Demo via Sistema de Cotações <cotacoes+abc@cotacoes.local> escreveu:',
    ...quote(request(ask, language)),
  ].join('\n');
  const result = extractFromText(text);
  return {
    fretes: result.final.fretes.map((f) => [f.unidade, f.valor, f.moeda, f.source.origin]),
    source: result.final.fretes.map((f) => f.source.text),
    taxas: result.final.taxas.itens.map((t) => t.nome),
    mantidas: result.final.condicoesMantidas?.text ?? null,
    reasons: result.detect.reasons,
  };
}

describe('a carrier agreeing to the asked price is read at that price', () => {
  it('"de acordo com o valor solicitado": the question\'s price, never the competitor\'s; the rest stands', () => {
    const read = agree(
      'Ok, de acordo com o valor solicitado.',
      'Conseguem chegar a USD 2.000,00 no 40HC? Temos oferta de USD 1.950,00 por 40HC e USD 1.250,00 por 20DV.',
    );
    expect(read.fretes).toEqual([['40HC', 2000, 'USD', 'quoted']]);
    // Its source is the request's line as the e-mail has it, not the rewritten one (QA pass 16).
    expect(read.source).toEqual([
      'Conseguem chegar a USD 2.000,00 no 40HC? Temos oferta de USD 1.950,00 por 40HC e USD 1.250,00 por 20DV.',
    ]);
    expect(read.taxas).toEqual([]);
    expect(read.mantidas).toBe('Ok, de acordo com o valor solicitado.');
    expect(read.reasons).toEqual([]);
  });

  it('two types in one ask pair in order; in English', () => {
    const read = agree(
      'Noted, we can match your target.',
      'Could you reach USD 1,900.00 per 40HC and USD 1,200.00 per 20DV?',
      'en',
    );
    expect(read.fretes).toEqual([
      ['40HC', 1900, 'USD', 'quoted'],
      ['20DC', 1200, 'USD', 'quoted'],
    ]);
    expect(read.mantidas).toBe('Noted, we can match your target.');
  });

  it('a target without a container type, per kg for air', () => {
    const read = agree('Aceitamos o target.', 'Nosso target é USD 3,20/kg.');
    expect(read.fretes).toEqual([['KG', 3.2, 'USD', 'quoted']]);
  });

  it('two different prices asked for one type: nothing guessed, the analyst is told', () => {
    const read = agree(
      'De acordo com o valor solicitado.',
      'Conseguem chegar a USD 2.000,00 no 40HC? Ou pelo menos USD 2.100,00 no 40HC?',
    );
    expect(read.fretes).toEqual([]);
    expect(read.mantidas).toBeNull();
    expect(read.reasons.join(' ')).toContain('aceitou o valor pedido na revisão');
  });

  it('a reply that writes its own price is read as written, not at the asked one', () => {
    const read = agree(
      'Frete 40HC: USD 2.050,00 (de acordo com o valor solicitado para o THC).',
      'Conseguem chegar a USD 2.000,00 no 40HC?',
    );
    expect(read.fretes).toEqual([['40HC', 2050, 'USD', 'body']]);
  });

  it('a refusal is not an agreement: nothing read from the request, no note', () => {
    for (const answer of [
      'Infelizmente não conseguimos chegar ao valor solicitado. Mantemos a proposta.',
      'Unfortunately we cannot match your target.',
    ]) {
      const read = agree(answer, 'Conseguem chegar a USD 2.000,00 no 40HC?');
      expect(read.fretes).toEqual([]);
      expect(read.reasons.join(' ')).not.toContain('aceitou');
    }
  });

  it("agreeing over the carrier's own earlier offer (not a request) reads nothing from it", () => {
    const text = [
      ...HEAD('quotes@marealta.com.br'),
      'De acordo com o valor solicitado.',
      '',
      'Em sex., 5 de dez. de 2026 às 17:00, Carlos Mendes <quotes@marealta.com.br> escreveu:',
      ...quote(['Frete 40HC: USD 2.300,00', 'THC: R$ 1.450,00 por contêiner']),
    ].join('\n');
    const { final, detect } = extractFromText(text);
    expect(final.fretes).toEqual([]);
    expect(detect.reasons.join(' ')).toContain('aceitou o valor pedido na revisão');
  });
});
