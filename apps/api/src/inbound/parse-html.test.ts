import { describe, expect, it } from 'vitest';
import { parseInbound, previewOf } from './parse.js';

const message = (contentType: string, body: string) =>
  Buffer.from(
    [
      'From: Céu Azul <pricing@ceuazul.com.br>',
      'To: cotacoes@importadora.com.br',
      'Subject: RE: Cotação COT-2026-0002',
      'Message-ID: <html-only@ceuazul.com.br>',
      'MIME-Version: 1.0',
      contentType,
      '',
      body,
      '',
    ].join('\r\n'),
  );

const TABLE =
  '<p>Prezada Ana, segue proposta (2 x 40HC):</p><table><tr><th>Descrição</th><th>Moeda</th><th>Valor</th></tr>' +
  '<tr><td>Frete 40HC</td><td>USD</td><td>2.510,00</td></tr><tr><td>THC</td><td>BRL</td><td>1.300,00</td></tr></table>';

describe('an HTML-only reply (QA pass 29)', () => {
  it('reads its table with the cells apart, in the text and the preview', async () => {
    const parsed = await parseInbound(message('Content-Type: text/html; charset=utf-8', TABLE));
    expect(parsed.text).toMatch(/Descrição\s+Moeda\s+Valor/);
    expect(parsed.text).toMatch(/Frete 40HC\s+USD\s+2\.510,00/);
    const preview = previewOf(parsed.text);
    expect(preview).toContain('Descrição Moeda Valor Frete 40HC USD 2.510,00 THC BRL 1.300,00');
    expect(preview).not.toContain('DescriçãoMoeda');
  });

  it('keeps the text part of a message that has both', async () => {
    const boundary = 'ALT';
    const parsed = await parseInbound(
      message(
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Frete 40HC: USD 2.510,00 (texto)',
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          TABLE,
          `--${boundary}--`,
        ].join('\r\n'),
      ),
    );
    expect(parsed.text.trim()).toBe('Frete 40HC: USD 2.510,00 (texto)');
    expect(parsed.html).toContain('<table>');
  });
});
