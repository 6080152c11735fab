import { describe, expect, it } from 'vitest';
import { foldAccents, nameKey } from './fold.js';

describe('accent folding', () => {
  it('removes the accents of pt-BR and other Latin names, and nothing else', () => {
    expect(foldAccents('Itajaí São Paulo Açaí Ñandú Zürich')).toBe('Itajai Sao Paulo Acai Nandu Zurich');
    expect(foldAccents('ITAJAÍ - SC (porto) 1º')).toBe('ITAJAI - SC (porto) 1º');
    expect(foldAccents('a^b`c')).toBe('a^b`c');
  });

  it('a name key ignores accents, case and spacing', () => {
    expect(nameKey('  São   PAULO ')).toBe('sao paulo');
    expect(nameKey('Grupo Ásia')).toBe(nameKey('grupo  asia'));
  });
});
