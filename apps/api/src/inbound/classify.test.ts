import { extractFromText } from '@cotacoes/extraction';
import type { DadosExtraidos } from '@cotacoes/shared';
import { isDeclined, statesAPrice, withDeclineMark } from '@cotacoes/shared/comparison/index';
import { describe, expect, it } from 'vitest';
import { declinesQuote, ownText, setAsideKind } from './classify.js';
import { composeMessage } from './compose.js';
import { parseInbound } from './parse.js';

/** A reply as a carrier's mail client or ticket system writes it, parsed as the pipeline parses it. */
async function reply(
  text: string,
  options: { headers?: Record<string, string>; subject?: string; attachment?: string } = {},
) {
  const raw = await composeMessage({
    from: 'pricing@pacifico.example',
    to: ['cotacoes+abc@importadora.com.br'],
    subject: options.subject ?? 'RE: Cotação COT-2026-0042 — Shanghai x Santos',
    text,
    messageId: `<c-${Math.random().toString(36).slice(2)}@pacifico.example>`,
    headers: options.headers,
    attachments: options.attachment
      ? [{ filename: options.attachment, content: Buffer.from('%PDF-1.4 tarifa') }]
      : undefined,
  });
  return parseInbound(raw);
}

const quotedRequest = [
  '',
  'Em qua., 2 de dez. de 2026 às 10:12, Importadora <cotacoes@importadora.com.br> escreveu:',
  '> Prezados, solicitamos cotação de frete marítimo Shanghai x Santos, 2 x 40HC.',
].join('\n');

describe('setAsideKind: what is kept without counting as an answer', () => {
  it.each([
    [
      'a ticket system (pt-BR)',
      'Prezado cliente,\n\nRecebemos sua solicitação. Chamado nº 88231 aberto; nossa equipe retornará em breve.\n\nCentral de Atendimento',
    ],
    [
      'a person who will answer later',
      'Bom dia,\n\nRecebemos sua cotação e retornaremos em breve com os valores.\n\nAbs,\nCarla',
    ],
    [
      'a case system (English)',
      'Dear customer,\n\nThank you. Your request has been received and a case 01234567 was created. Our team will get back to you shortly.',
    ],
    [
      'a ticket system (Spanish)',
      'Estimado cliente:\n\nHemos recibido su solicitud. Su caso ha sido registrado con el número 5521.',
    ],
    [
      'a courtesy only (lifecycle QA pass)',
      'Ok, obrigado.\n\nAtt,\nMarcos Lima\nPacífico Logística\n+55 11 3222-1000',
    ],
    ['a courtesy after a greeting', 'Bom dia Ana,\nBem recebido, muito obrigado!\n\nAbs'],
    ['an English courtesy', 'Hi team,\n\nNoted with thanks.\n\nBR\nKevin'],
    ['a Spanish courtesy', 'Muchas gracias por la oportunidad.\n\nSaludos'],
    ['a carrier still quoting', 'Prezados,\n\nEstamos cotando com os armadores, em breve retornamos.\n\nAbs'],
    ['an English carrier still quoting', 'Dear Ana,\nWe are checking with the carriers.\nRgds'],
  ])('%s is a receipt', async (_label, text) => {
    expect(setAsideKind(await reply(`${text}\n${quotedRequest}`))).toBe('confirmacao');
  });

  it.each([
    [
      'a quote in the same words',
      'Recebemos sua solicitação. Segue cotação: frete 40HC USD 2.450,00, transit time 32 dias.',
    ],
    ['a decline', 'Recebemos sua solicitação, mas infelizmente não atendemos essa rota no momento.'],
    ['a quote attached', 'Recebemos sua solicitação; nossa proposta está no arquivo.'],
    ['a plain answer', 'Frete 40HC: USD 2.450,00\nTHC: R$ 1.300,00 por contêiner\nValidade: 31/12/2026'],
    ['figures without a currency', 'Recebemos sua solicitação.\nFrete 40HC 2450\nTransit time 32 dias'],
    ['a question back', 'Bom dia, qual o peso da carga e o incoterm? Abs'],
    ['thanks and a decline', 'Ok, obrigado.\n\nInfelizmente não atendemos essa rota.'],
    ['thanks and the figures', 'Obrigado pela oportunidade.\nFrete 40HC USD 2.450,00, transit time 32 dias.'],
    ['thanks and a request for the weight', 'Obrigado. Favor informar peso e cubagem da carga.'],
    ['thanks with a photo of the quote attached', 'Ok, obrigado.'],
  ])('%s is an answer', async (label, text) => {
    const parsed = await reply(text, {
      attachment:
        label === 'a quote attached' ? 'proposta.pdf' : label.includes('photo') ? 'cotacao.jpg' : undefined,
    });
    expect(setAsideKind(parsed)).toBeNull();
  });

  describe('a reply announcing its quote as a file that brought none (QA pass 18)', () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const announce = (text: string, attachments: Parameters<typeof composeMessage>[0]['attachments']) =>
      composeMessage({
        from: 'pricing@pacifico.example',
        to: ['cotacoes+abc@importadora.com.br'],
        subject: 'RE: Cotação COT-2026-0042 — Shanghai x Santos',
        text,
        html: `<p>${text}</p><p><img src="cid:logo001"></p>`,
        messageId: `<a-${Math.random().toString(36).slice(2)}@pacifico.example>`,
        attachments,
      }).then(parseInbound);
    const logo = { filename: 'image001.png', content: PNG, contentType: 'image/png', cid: 'logo001' };

    it.each([
      ['pt-BR, a signature logo only', 'Prezados,\n\nSegue cotação conforme solicitado.\n\nAbs,\nCarla'],
      ['English, nothing attached', 'Dear Ana,\n\nPlease find attached our quotation.\n\nBest regards'],
    ])('%s is set aside', async (label, text) => {
      const parsed = await announce(`${text}\n${quotedRequest}`, label.includes('logo') ? [logo] : []);
      expect(setAsideKind(parsed)).toBe('semAnexo');
    });

    it.each([
      [
        'a PDF',
        { filename: 'cotacao.pdf', content: Buffer.from('%PDF-1.4 tarifa'), contentType: 'application/pdf' },
      ],
      ['a photo of the quote, attached', { filename: 'print.png', content: PNG, contentType: 'image/png' }],
    ])('with %s is an answer', async (_label, file) => {
      const parsed = await announce('Segue cotação conforme solicitado.', [logo, file]);
      expect(setAsideKind(parsed)).toBeNull();
    });

    it('with the figures in its words, or a decline, is an answer', async () => {
      expect(setAsideKind(await announce('Segue cotação: frete 40HC USD 2.450,00.', [logo]))).toBeNull();
      expect(setAsideKind(await announce('Segue em anexo: não atendemos essa rota.', [logo]))).toBeNull();
    });
  });

  it('a receipt sent as HTML only is a receipt; an HTML-only answer with a price is not', async () => {
    const htmlOnly = (html: string) =>
      parseInbound(
        Buffer.from(
          [
            'From: Atendimento <noreply@pacifico.example>',
            'To: cotacoes+abc@importadora.com.br',
            'Subject: RE: Cotação COT-2026-0042 — Shanghai x Santos',
            `Message-ID: <h-${Math.random().toString(36).slice(2)}@pacifico.example>`,
            'MIME-Version: 1.0',
            'Content-Type: text/html; charset=utf-8',
            '',
            html,
          ].join('\r\n'),
        ),
      );
    const receipt =
      '<html><body><div>Prezado cliente,</div><div><br></div><p>Recebemos sua solicitação.\r\nChamado nº 88231 aberto;' +
      ' nossa equipe retornará em breve.</p><p>Central de Atendimento</p></body></html>';
    expect(setAsideKind(await htmlOnly(receipt))).toBe('confirmacao');
    const answer =
      '<html><body><p>Recebemos sua solicitação. Segue:</p><table><tr><td>Frete 40HC</td><td>2.450</td></tr></table></body></html>';
    expect(setAsideKind(await htmlOnly(answer))).toBeNull();
  });

  it("reads the reply's own words, not the request it quotes", async () => {
    const quoting = `Qual o peso bruto da carga?\n${quotedRequest}\n> Recebemos sua solicitação e retornaremos em breve.`;
    expect(setAsideKind(await reply(quoting))).toBeNull();
  });

  it('an out-of-office is automatic; a system quote with a price is an answer', async () => {
    expect(
      setAsideKind(
        await reply('Estou fora do escritório.', { headers: { 'Auto-Submitted': 'auto-replied' } }),
      ),
    ).toBe('automatica');
    expect(
      setAsideKind(
        await reply('Ocean freight 40HC: USD 2.640,00', { headers: { 'Auto-Submitted': 'auto-generated' } }),
      ),
    ).toBeNull();
  });
});

/** The version a reply becomes: its own words and what the engine reads of it, marked as extract-response.ts does. */
async function readVersion(text: string) {
  const parsed = await reply(`${text}\n${quotedRequest}`);
  const result = extractFromText(parsed.text);
  return withDeclineMark({ ...result, fontes: [] } as DadosExtraidos, declinesQuote(ownText(parsed)));
}

describe('declinesQuote and the declined mark: a carrier that will not quote', () => {
  it.each([
    [
      'pt-BR, the QA pass',
      'Bom dia,\n\nNo momento não atendemos a rota Ningbo x Santos. Vamos declinar desta cotação.\n\nAtt,\nRota Sul',
    ],
    ['pt-BR, declinamos', 'Prezados,\nAgradecemos a oportunidade, mas declinamos desta vez.\nAbs'],
    ['pt-BR, no interest', 'Olá, não temos interesse nesta rota.'],
    ['pt-BR, no space', 'Infelizmente estamos sem espaço nos navios deste mês.'],
    ['English', 'Hi team,\n\nUnable to quote, no space.\n\nBR\nKevin'],
    ['English, we regret', 'Dear Ana,\nWe regret we cannot offer this lane at the moment.\nRegards'],
    ['Spanish', 'Estimados,\nNo podemos cotizar esta ruta.\nSaludos'],
    ['Spanish, no space', 'Hola, no tenemos espacio para esa salida.'],
  ])('%s declines, and with no price read its version is declined', async (_label, text) => {
    expect(declinesQuote(text)).toBe(true);
    const dados = await readVersion(text);
    expect(statesAPrice(dados.final)).toBe(false);
    expect(isDeclined(dados.final)).toBe(true);
  });

  it.each([
    ['a question back', 'Bom dia, não temos o peso da carga: podem informar?'],
    ['a receipt', 'Recebemos sua solicitação e retornaremos em breve.'],
    ['a quote', 'Frete 40HC: USD 2.450,00\nTransit time 32 dias'],
    ['a Spanish question', '¿No tenemos el peso de la carga, pueden enviarlo?'],
  ])('%s does not decline', async (_label, text) => {
    expect(declinesQuote(text)).toBe(false);
    expect(isDeclined((await readVersion(text)).final)).toBe(false);
  });

  it("reads only the reply's own words: a decline in the quoted request does not count", async () => {
    const parsed = await reply(
      `Frete 40HC USD 2.450,00\n${quotedRequest}\n> Caso não atendam a rota, favor declinar.`,
    );
    expect(declinesQuote(ownText(parsed))).toBe(false);
  });

  it("declines the 20' but quotes the 40HC: a proposal, not a decline", async () => {
    const text =
      "Prezados,\n\nNão temos espaço para 20' neste mês, mas para 40HC segue:\nFrete 40HC: USD 2.500,00\nTHC: R$ 1.400,00 por contêiner\n\nAtt,\nRota Sul";
    expect(declinesQuote(text)).toBe(true);
    const dados = await readVersion(text);
    expect(statesAPrice(dados.final)).toBe(true);
    expect(isDeclined(dados.final)).toBe(false);
    expect((dados.final as { declinou?: boolean }).declinou).toBeUndefined();
  });
});
