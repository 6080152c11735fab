import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { asUtf8, repairMessage } from './repair.js';

/* The repairs of repair.ts on the cases the pipeline test (mislabelled-mail.test.ts) does not walk through. */
const message = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
const utf8Message = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('repairMessage', () => {
  it('leaves a well-formed message as the same bytes', () => {
    const raw = utf8Message([
      'From: a@b.com',
      'Subject: Cotação',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Frete',
      '--b--',
      '',
    ]);
    expect(repairMessage(raw)).toBe(raw);
  });

  it('repairs a nested multipart whose boundary starts no line, and keeps an attachment as it came', async () => {
    const raw = message([
      'From: a@b.com',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="declared"',
      '',
      '--used',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Frete 40HC: USD 2.100,00 \xe0 vista',
      '--used--',
      '--outer',
      'Content-Type: text/plain; charset=utf-8; name="tarifa.txt"',
      'Content-Disposition: attachment; filename="tarifa.txt"',
      '',
      'pre\xe7o',
      '--outer--',
      '',
    ]);
    const mail = await simpleParser(repairMessage(raw));
    expect(mail.text?.trim()).toBe('Frete 40HC: USD 2.100,00 à vista');
    expect(mail.attachments.map((a) => a.content.toString('latin1'))).toEqual(['pre\xe7o']);
  });

  it('does not take a quoted "-----Original Message-----" line for a boundary', async () => {
    const raw = message([
      'From: a@b.com',
      'Content-Type: multipart/mixed; boundary="AAA"',
      '',
      'Frete 20GP: USD 1.007,00',
      '-----Original Message-----',
      'From: cotacoes@importadora.com.br',
      '',
    ]);
    const mail = await simpleParser(repairMessage(raw));
    expect(mail.text).toContain('Frete 20GP: USD 1.007,00');
    expect(mail.text).toContain('-----Original Message-----');
  });

  it('reads a text part of a charset no decoder knows as Windows-1252 (QA pass 29: "Frete mar�timo")', async () => {
    const raw = message([
      'From: a@b.com',
      'Subject: RE: Cotação',
      'Content-Type: text/plain; charset="iso-8859-99"',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Frete marítimo: USD 2.820,00',
      'Taxa de liberação: R$ 690,00',
      'Trânsito: 31 dias',
      '',
    ]);
    const parsed = await simpleParser(repairMessage(raw));
    expect(parsed.text).toContain('Frete marítimo: USD 2.820,00');
    expect(parsed.text).toContain('Taxa de liberação');
    expect(parsed.text).toContain('Trânsito: 31 dias');
    expect(parsed.text).not.toContain('\uFFFD');
  });

  it('reads a text part declared base64 but written as text as that text (QA pass 37: decoded to garbage)', async () => {
    const raw = message([
      'From: a@b.com',
      'Subject: RE: Cotação',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      'Frete: USD 2.300,00',
      'Taxas: BRL 1.700,00',
      'Trânsito 35 dias',
      '',
    ]);
    const parsed = await simpleParser(repairMessage(raw));
    expect(parsed.text).toContain('Frete: USD 2.300,00');
    expect(parsed.text).toContain('Trânsito 35 dias');
    // Real base64 is decoded as before.
    const real = message([
      'From: a@b.com',
      'Subject: RE: Cotação',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Frete: USD 2.300,00').toString('base64'),
      '',
    ]);
    expect((await simpleParser(repairMessage(real))).text).toContain('Frete: USD 2.300,00');
  });

  it('repairs header fields only when asked for headers alone', () => {
    const raw = message([
      'Subject: Cota\xe7\xe3o',
      'Content-Type: multipart/mixed; boundary="x"',
      '',
      'texto',
      '',
    ]);
    const repaired = repairMessage(raw, { headersOnly: true }).toString('utf8');
    expect(repaired).toContain('Subject: Cotação\r\n');
    expect(repaired).toContain('boundary="x"');
  });
});

describe('asUtf8', () => {
  it('reads a Windows-1252 text wholly as Windows-1252, even where its bytes look like UTF-8', () => {
    const bytes = Buffer.from('Cota\xe7\xe3o \x93especial\x94: pre\xe7o \xe7\x94\x80', 'latin1');
    expect(asUtf8(bytes).toString('utf8')).toBe('Cotação “especial”: preço ç”€');
  });

  it('keeps the UTF-8 of a UTF-8 text with stray bytes and reads only those as Windows-1252', () => {
    const bytes = Buffer.concat([Buffer.from('Cotação então ', 'utf8'), Buffer.from([0x93, 0x41, 0x94])]);
    expect(asUtf8(bytes).toString('utf8')).toBe('Cotação então “A”');
    const valid = Buffer.from('já é UTF-8', 'utf8');
    expect(asUtf8(valid)).toBe(valid);
  });
});
