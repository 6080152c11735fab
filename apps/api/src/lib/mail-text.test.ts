import { describe, expect, it } from 'vitest';
import {
  addressesIn,
  addressOf,
  bareMailbox,
  fieldValues,
  leadingMessageId,
  leadingStatus,
  withoutForeignTokens,
  withoutType,
} from './mail-text.js';

const MB = 1024 * 1024;
const TOKEN_A = '0123456789abcdef0123456789abcdef';
const TOKEN_B = 'fedcba9876543210fedcba9876543210';

/** CPU time of `run` in this process: a ceiling far below what a quadratic pass over 1 MB needs (minutes). */
function cpuMsOf(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('addressesIn', () => {
  it('finds every run with an @ inside it, between spaces and <>,;"\' separators, lower-cased', () => {
    expect(
      addressesIn([
        'Pricing <Pricing@Atlantica.com.br>, "x" <a@b>; c@d',
        'cotacoes+0123@importadora.com.br',
        '@lead trail@ a@@b @ x@y@z',
      ]),
    ).toEqual([
      'pricing@atlantica.com.br',
      'a@b',
      'c@d',
      'cotacoes+0123@importadora.com.br',
      'a@@b',
      'x@y@z',
    ]);
  });

  it('splits on every JavaScript white space (tab, no-break space, line separator)', () => {
    expect(addressesIn(['a@b\tc@d\u00a0e@f\u2028g@h'])).toEqual(['a@b', 'c@d', 'e@f', 'g@h']);
  });

  it('reads 1 MB without @, of @ alone and of separators in linear time', () => {
    for (const value of ['a'.repeat(MB), '@'.repeat(MB), 'a@'.repeat(MB / 2), '<'.repeat(MB)]) {
      let found: string[] = [];
      expect(cpuMsOf(() => (found = addressesIn([value])))).toBeLessThan(2_000);
      expect(found.length).toBe(value.startsWith('a@') || value.startsWith('@@') ? 1 : 0);
    }
  });
});

describe('fieldValues and the DSN helpers', () => {
  const report = [
    'Reporting-MTA: dns; mx.example',
    '',
    'final-recipient: rfc822; <Pricing@Atlantica.com.br>',
    'Action: failed',
    'Status: 5.1.1 (bad mailbox)',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    'X-Final-Recipient: rfc822; nao@conta',
  ].join('\r\n');

  it('gives the values of a field at the start of a line, case-insensitively, trimmed', () => {
    expect(fieldValues(report, 'Final-Recipient')).toEqual(['rfc822; <Pricing@Atlantica.com.br>']);
    expect(fieldValues(report, 'Status').map(leadingStatus)).toEqual(['5.1.1']);
    expect(fieldValues(report, 'Diagnostic-Code').map((v) => withoutType(v, 'smtp'))).toEqual([
      '550 5.1.1 User unknown',
    ]);
    expect(addressesIn([withoutType('rfc822; <Pricing@Atlantica.com.br>', 'rfc822')])).toEqual([
      'pricing@atlantica.com.br',
    ]);
  });

  it('reads a Message-ID only when it is one bracketed id', () => {
    expect(leadingMessageId('<Abc@X>')).toBe('<abc@x>');
    expect(leadingMessageId('<a b@x>')).toBeNull();
    expect(leadingMessageId('<a<b@x>')).toBeNull();
    expect(leadingMessageId('abc@x')).toBeNull();
    expect(leadingMessageId('<>')).toBeNull();
    expect(leadingStatus('x5.1.1')).toBeNull();
  });

  it('reads 1 MB of one field followed by blanks in linear time', () => {
    const text = `Diagnostic-Code:${' '.repeat(MB)}\r\n${'\r\n'.repeat(MB / 2)}Final-Recipient:${' '.repeat(MB)}`;
    let values: string[] = [];
    expect(cpuMsOf(() => (values = fieldValues(text, 'Diagnostic-Code')))).toBeLessThan(2_000);
    expect(values).toEqual(['']);
    expect(cpuMsOf(() => fieldValues('Message-ID: <'.repeat(MB / 8), 'Message-ID'))).toBeLessThan(2_000);
  });
});

describe('addressOf and bareMailbox', () => {
  it('take the address out of a display form and drop its +tag', () => {
    expect(addressOf('Equipe <Cotacoes+abc@Importadora.com.br>')).toBe('Cotacoes+abc@Importadora.com.br');
    expect(addressOf('a@b')).toBe('a@b');
    expect(bareMailbox('Equipe <Cotacoes+abc@Importadora.com.br>')).toBe('cotacoes@importadora.com.br');
    expect(bareMailbox('a+b+c@x')).toBe('a@x');
    expect(bareMailbox('a@b+c')).toBe('a@b+c');
    expect(bareMailbox('<<<')).toBe('<<<');
  });

  it('read 1 MB of brackets or plus signs in linear time', () => {
    for (const value of ['<'.repeat(MB), '+'.repeat(MB), `${'<'.repeat(MB)}a@b>`])
      expect(cpuMsOf(() => bareMailbox(value))).toBeLessThan(2_000);
  });
});

describe('reply tokens', () => {
  const text = `To: cotacoes+${TOKEN_A}@x.com, Cotacoes+${TOKEN_B.toUpperCase()}@x.com, mailto:cotacoes%2B${TOKEN_B}%40x.com`;

  it('keeps the tokens asked for and takes every other out of its address', () => {
    expect(withoutForeignTokens(text, new Set([TOKEN_A]))).toBe(
      `To: cotacoes+${TOKEN_A}@x.com, Cotacoes@x.com, mailto:cotacoes%40x.com`,
    );
    expect(withoutForeignTokens(text, new Set())).toBe(
      'To: cotacoes@x.com, Cotacoes@x.com, mailto:cotacoes%40x.com',
    );
  });

  it('scans 1 MB of near-tokens in linear time', () => {
    const nearly = `+${'a'.repeat(31)}`.repeat(MB / 32);
    expect(cpuMsOf(() => withoutForeignTokens(nearly, new Set()))).toBeLessThan(2_000);
  });
});
