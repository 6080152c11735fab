import { describe, expect, it } from 'vitest';
import { cleanText, cleanTextDeep, findUnsafeText, unsafeTextMessage } from './text.js';

describe('text input rule', () => {
  it('refuses NUL and lone surrogates and accepts any other Unicode', () => {
    expect(unsafeTextMessage('a\u0000b')).toMatch(/caractere nulo/);
    expect(unsafeTextMessage('a\ud800b')).toMatch(/Unicode incompleto/);
    expect(unsafeTextMessage('\udc00')).toMatch(/Unicode incompleto/);
    expect(unsafeTextMessage('x\ud83d')).toMatch(/Unicode incompleto/);
    expect(unsafeTextMessage('Navegação 🚢 “ok” \t\n')).toBeNull();
  });

  it('finds the first bad string anywhere in a body, keys included', () => {
    expect(findUnsafeText({ a: ['ok', { nome: 'x\u0000' }] })).toEqual({
      path: 'a.1.nome',
      message: expect.stringMatching(/nulo/),
    });
    expect(findUnsafeText({ 'chave\ud800': 1 })?.path).toBe('chave\ud800');
    expect(findUnsafeText({ n: 1, b: true, s: 'texto', l: [null] })).toBeNull();
  });

  it('cleans text for the database: NUL removed, lone surrogates replaced, pairs kept', () => {
    expect(cleanText('a\u0000b\u0000')).toBe('ab');
    expect(cleanText('x\ud800y')).toBe('x\ufffdy');
    expect(cleanText('\udc00z\ud83d')).toBe('\ufffdz\ufffd');
    expect(cleanText('navio 🚢 ok')).toBe('navio 🚢 ok');
    for (const dirty of ['a\u0000', '\ud800', 'b\udfff\u0000c'])
      expect(unsafeTextMessage(cleanText(dirty))).toBeNull();
    expect(cleanTextDeep({ 'k\u0000': ['v\ud800', 1, null, { n: 'ok' }] })).toEqual({
      k: ['v\ufffd', 1, null, { n: 'ok' }],
    });
  });

  it('cleans a long text in linear time', () => {
    const long = 'a\u0000\ud800'.repeat(300_000);
    expect(cleanText(long)).toBe('a\ufffd'.repeat(300_000));
  });
});
