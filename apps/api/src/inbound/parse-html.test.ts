import { inboundTexts } from '@cotacoes/shared/messages/inbound';
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

describe("a delivery report's parts", () => {
  it('are named for what they are, not "anexo-1"', async () => {
    const boundary = 'DSN';
    const parsed = await parseInbound(
      Buffer.from(
        [
          'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
          'To: cotacoes@importadora.com.br',
          'Subject: Undelivered Mail Returned to Sender',
          'Message-ID: <dsn-1@mx.example.com>',
          'MIME-Version: 1.0',
          `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Your message could not be delivered.',
          `--${boundary}`,
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.example.com',
          '',
          'Final-Recipient: rfc822; pricing@agente.com.br',
          'Action: failed',
          'Status: 5.1.1',
          `--${boundary}`,
          'Content-Type: text/rfc822-headers',
          '',
          'Message-ID: <pedido-1@cotacoes.local>',
          'Subject: Cotação COT-2026-0001',
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      ),
    );
    const names = parsed.attachments.map((attachment) => attachment.filename);
    expect(names).toContain('cabecalhos-da-mensagem-original.txt');
    expect(names.some((name) => /^anexo-\d+$/.test(name))).toBe(false);
  });
});

describe('the preview of a message of binary bytes', () => {
  it('says it cannot be read instead of showing them (QA pass 29)', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256));
    const parsed = await parseInbound(
      Buffer.concat([Buffer.from('From: alguem@desconhecido.com\r\nSubject: x\r\n\r\n'), bytes]),
    );
    expect(previewOf(parsed.text)).toBe(inboundTexts.unreadablePreview);
    expect(previewOf('Frete 40HC: USD 2.380,00 — validade 31/12')).toBe(
      'Frete 40HC: USD 2.380,00 — validade 31/12',
    );
  });
});
