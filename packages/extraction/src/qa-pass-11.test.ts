import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 11: (1) a carrier answering on top of the analyst's revision request with "Demais condições
 * mantidas" had the quoted request read as its earlier offer, so the analyst's target prices became three
 * fees "CONSEGUEM CHEGAR A" (US$ 10.350 that do not exist); (2) the offer block of the platform's own
 * request ("SUA PROPOSTA" / "Frete: " …), filled in inside the quoted request as the request asks, gave
 * nothing at all.
 */

const figures = (text: string) => {
  const { final } = extractFromText(text);
  return {
    fretes: final.fretes.map((f) => [f.unidade, f.valor, f.moeda]),
    taxas: final.taxas.itens.map((t) => [t.nome, t.unidade, t.valor, t.moeda]),
    transit: final.transit_time_dias,
    freeTime: final.free_time_destino_dias,
    validade: final.validadeProposta,
  };
};

const REPLY_HEAD = [
  'From: Carlos Mendes <quotes@marealta.com.br>',
  'To: cotacoes+abc@cotacoes.local',
  'Subject: Re: Pedido de revisão da proposta',
  'Date: Sat, 06 Dec 2026 10:00:00 -0300',
  '',
];
const quote = (lines: string[]) => lines.map((line) => (line ? `> ${line}` : '>'));

const REVISION_REQUEST = [
  'Prezados,',
  '',
  'Agradecemos a proposta enviada para a cotação COT-2026-0003 (processo IMP-QA2-FCL).',
  'Pedimos, por gentileza, que revisem a proposta conforme a mensagem abaixo:',
  '',
  'Conseguem chegar a USD 2.000,00 no 40HC? Temos oferta de USD 1.950,00 por 40HC e USD 1.250,00 por 20DV.',
  '',
  'Para enviar a proposta revisada, basta responder a este e-mail.',
  '',
  'Atenciosamente,',
  'Demo Desenvolvedor',
];

describe("the importer's own message quoted under a reply is not the carrier's offer (QA pass 11)", () => {
  it('"Demais condições mantidas" over the revision request: the new freight and THC, no fee from the request', () => {
    const text = [
      ...REPLY_HEAD,
      'Frete 40HC USD 2.100,00 / 20DV USD 1.300,00.',
      'THC agora R$ 1.300,00/cntr.',
      'Demais condições mantidas.',
      '',
      'Att,',
      'Carlos',
      '',
      'Em sáb., 6 de dez. de 2026 às 09:30, Sistema de Cotações <nao-responda@cotacoes.local> escreveu:',
      ...quote(REVISION_REQUEST),
    ].join('\n');
    const read = figures(text);
    expect(read.fretes).toEqual([
      ['40HC', 2100, 'USD'],
      ['20DC', 1300, 'USD'],
    ]);
    expect(read.taxas).toEqual([['THC', 'CNTR', 1300, 'BRL']]);
    expect(extractFromText(text).final.condicoesMantidas?.text).toBe('Demais condições mantidas.');
  });

  it("the same over a message from another domain without the platform's words (an analyst's own mailbox)", () => {
    const text = [
      ...REPLY_HEAD,
      'Conseguimos USD 2.050,00 no 40HC. Demais condições mantidas.',
      '',
      'On Sat, Dec 6, 2026 at 9:30 AM Ana Souza <ana@importadora.com.br> wrote:',
      ...quote(['Bom dia, conseguem USD 1.950,00 por 40HC? Temos oferta nesse valor.', '', 'Ana']),
    ].join('\n');
    expect(figures(text)).toMatchObject({ fretes: [['40HC', 2050, 'USD']], taxas: [] });
  });

  it("a carrier quoting its own earlier offer (its own domain) still keeps that offer's charges", () => {
    const text = [
      ...REPLY_HEAD,
      'Conseguimos USD 2.050,00 no 40HC. Demais condições mantidas.',
      '',
      'On Fri, Dec 5, 2026 at 4:10 PM Carlos Mendes <quotes@marealta.com.br> wrote:',
      ...quote([
        'Frete 40HC: USD 2.200,00',
        'THC: R$ 1.450,00 por contêiner',
        'BL fee: USD 50,00',
        '',
        'Carlos',
      ]),
    ].join('\n');
    const read = figures(text);
    expect(read.fretes[0]).toEqual(['40HC', 2050, 'USD']);
    expect(read.taxas).toEqual(
      expect.arrayContaining([
        ['THC', 'CNTR', 1450, 'BRL'],
        ['BL FEE', 'BL', 50, 'USD'],
      ]),
    );
  });
});

const REQUEST = (offer: string[]) => [
  'Prezados,',
  '',
  'Importadora Demonstração solicita cotação de frete para o processo abaixo.',
  'Favor responder até 11/12/2026, 06:19.',
  '',
  'ROTA E CONDIÇÕES',
  'Origem: Shanghai, CN',
  'Destino: Santos, BR',
  'Peso bruto total: 62.000 kg',
  'Valor da mercadoria: USD 180.000,00',
  '',
  'ITENS DA CARGA',
  '- Máquinas têxteis | 3 x 40HC | Não informado',
  '- Peças de reposição | 2 x 20DV | Não informado',
  '',
  'Para responder, use "Responder" neste e-mail e preencha a sua proposta nas linhas abaixo (ou anexe-a).',
  '',
  'SUA PROPOSTA',
  ...offer,
  '',
  'Atenciosamente,',
  'Demo Desenvolvedor',
  'Importadora Demonstração',
  '',
  'Emitida em 06/12/2026, 06:19',
];
const FILLED = [
  'Frete: USD 2.200,00 (40HC) / USD 1.350,00 (20DV)',
  'Taxas: THC R$ 1.450,00/cntr; Doc fee USD 50,00/BL',
  'Moeda: USD e BRL',
  'Transit time: 35 dias',
  'Free time: 21 dias de free time no destino',
  'Validade da proposta: 31/12/26',
];
const EMPTY = ['Frete: ', 'Taxas: ', 'Moeda: ', 'Transit time: ', 'Free time: ', 'Validade da proposta: '];
const TOP = ['Prezados, segue proposta preenchida abaixo.', '', 'Carlos Mendes', 'Maré Alta', ''];
const EXPECTED = {
  fretes: [
    ['40HC', 2200, 'USD'],
    ['20DC', 1350, 'USD'],
  ],
  taxas: [
    ['THC', 'CNTR', 1450, 'BRL'],
    ['DOC FEE', 'BL', 50, 'USD'],
  ],
  transit: 35,
  freeTime: 21,
  validade: '2026-12-31',
};

describe('the request\'s "SUA PROPOSTA" block filled in inside the quoted request (QA pass 11)', () => {
  it('quoted with ">" (Gmail): the filled lines are the offer; the cargo value and weight are not prices', () => {
    const text = [
      ...REPLY_HEAD,
      ...TOP,
      'Em sáb., 6 de dez. de 2026 às 06:20, Sistema de Cotações <nao-responda@cotacoes.local> escreveu:',
      ...quote(REQUEST(FILLED)),
    ].join('\n');
    expect(figures(text)).toEqual(EXPECTED);
  });

  it('under an Outlook header, nothing quoted', () => {
    const text = [
      ...REPLY_HEAD,
      ...TOP,
      'De: Sistema de Cotações <nao-responda@cotacoes.local>',
      'Enviado: sábado, 6 de dezembro de 2026 06:36',
      'Para: quotes@marealta.com.br',
      'Assunto: Cotação COT-2026-0004 - FCL Shanghai x Santos',
      '',
      ...REQUEST(FILLED),
    ].join('\n');
    expect(figures(text)).toEqual(EXPECTED);
  });

  it('left empty, it is no offer', () => {
    const text = [
      ...REPLY_HEAD,
      'Prezados, recebemos e retornaremos.',
      '',
      'Em sáb., 6 de dez. de 2026 às 06:20, Sistema de Cotações <nao-responda@cotacoes.local> escreveu:',
      ...quote(REQUEST(EMPTY)),
    ].join('\n');
    expect(figures(text)).toMatchObject({ fretes: [], taxas: [], transit: null });
  });

  it('the English request\'s "YOUR OFFER" block', () => {
    const english = [
      'Dear partner,',
      '',
      'Importadora Demonstração requests a freight quotation for the shipment below.',
      '',
      'To answer, press "Reply" and fill in your offer on the lines below (or attach it).',
      '',
      'YOUR OFFER',
      'Freight: USD 2,150.00 per 40HC',
      'Charges: THC BRL 1,450.00 per container',
      'Currency: ',
      'Transit time: 33 days',
      'Free time: 14 days',
      'Offer valid until: 12/31/2026',
      '',
      'Best regards,',
      'Demo',
    ];
    const text = [
      ...REPLY_HEAD,
      'Please see our offer below.',
      '',
      'On Sat, Dec 6, 2026 at 6:20 AM Sistema de Cotações <nao-responda@cotacoes.local> wrote:',
      ...quote(english),
    ].join('\n');
    expect(figures(text)).toMatchObject({
      fretes: [['40HC', 2150, 'USD']],
      taxas: [['THC', 'CNTR', 1450, 'BRL']],
      transit: 33,
      freeTime: 14,
      validade: '2026-12-31',
    });
  });
});
