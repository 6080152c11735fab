import { describe, expect, it } from 'vitest';
import { forwardedSenders } from './pipeline.js';

describe('forwardedSenders: the sender a forwarded message names in its own headers', () => {
  it('reads Outlook, Gmail, English and quoted forwards, lower-cased, in order, once each', () => {
    const text = [
      'Segue.',
      '',
      '---------- Mensagem encaminhada ----------',
      'De: Pricing Rota Sul <Pricing@RotaSul.com.br>',
      'Data: seg., 7 de dez. de 2026',
      '',
      '> From: "Ops" ops@maritima.example',
      '**De:** comercial@atlas.example',
      'De: Pricing Rota Sul <pricing@rotasul.com.br>',
    ].join('\n');
    expect(forwardedSenders(text)).toEqual([
      'pricing@rotasul.com.br',
      'ops@maritima.example',
      'comercial@atlas.example',
    ]);
  });

  it('names nothing for a message without forwarded headers (a "de" inside a sentence is not one)', () => {
    expect(
      forwardedSenders('Frete de USD 1.900: validade de 15 dias. Contato: ana@importadora.com.br'),
    ).toEqual([]);
  });
});
