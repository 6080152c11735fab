import { describe, expect, it } from 'vitest';
import { parseInbound, readableSubject } from './parse.js';

describe('a subject with a broken encoded word (QA pass 25)', () => {
  it('keeps what is text and drops what decoded to no text', async () => {
    const raw = Buffer.from(
      [
        'From: Atlântico <pricing@atlantico.com.br>',
        'To: cotacoes@importadora.com.br',
        'Subject: RE: =?UTF-8?B?Q290YcOnw6Nv?= =?UTF-8?B?!!@@##invalid==base64?= COT-2026-0005',
        'Message-ID: <broken-subject@atlantico.com.br>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Frete 40HC USD 2.380,00',
        '',
      ].join('\r\n'),
    );
    const parsed = await parseInbound(raw);
    expect(parsed.subject).not.toMatch(/\uFFFD/);
    expect(parsed.subject).toMatch(/^RE: Cotação.*COT-2026-0005$/);
    expect(readableSubject('RE: Cotação\uFFFD\uFFFDbm\u0001 COT-1')).toBe('RE: Cotaçãobm COT-1');
  });
});
