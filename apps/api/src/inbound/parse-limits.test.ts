import { inboundTexts } from '@cotacoes/shared';
import { describe, expect, it } from 'vitest';
import { parseInbound } from './parse.js';

const CRLF = '\r\n';

/** A message whose answer sits under `depth` nested multiparts. */
function nested(depth: number): Buffer {
  let body = ['Content-Type: text/plain; charset=utf-8', '', 'Frete 40HC: USD 2.300,00'].join(CRLF);
  for (let level = depth; level > 0; level--)
    body = [
      `Content-Type: multipart/mixed; boundary="n${level}"`,
      '',
      `--n${level}`,
      body,
      `--n${level}--`,
      '',
    ].join(CRLF);
  return Buffer.from(
    ['From: a@carrier.example', 'To: b@importer.example', 'Subject: RE: cotação', body].join(CRLF),
  );
}

describe('parseInbound: what it says of a message it cannot read', () => {
  it('too many nested parts is said as such, not as a header too large (QA pass 37)', async () => {
    const parsed = await parseInbound(nested(3000));
    expect(parsed.problem).toBe(inboundTexts.problem.tooManyParts);
    expect(parsed.from.address).toBe('a@carrier.example');
  });

  it('a few nested parts are read', async () => {
    const parsed = await parseInbound(nested(20));
    expect(parsed.problem).toBeNull();
    expect(parsed.text).toContain('Frete 40HC: USD 2.300,00');
  });
});
