import { describe, expect, it } from 'vitest';
import { findUnsafeText, unsafeTextMessage } from './text.js';

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
});
