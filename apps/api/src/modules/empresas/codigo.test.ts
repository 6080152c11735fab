import { describe, expect, it } from 'vitest';
import { codigoBaseFromName, firstFreeCodigo } from './codigo.js';

describe('generated company code', () => {
  it.each([
    ['Importadora Demo Ltda', 'IMPDEMO'],
    ['Importadora Demonstração', 'IMPDEMONST'],
    ['Comércio Exterior Ágil Ltda', 'COMEXTERIO'],
    ['ACME', 'ACME'],
    ['Grupo São João & Cia.', 'GRUSAO'],
    ['Ltda', 'EMPRESA'],
    ['***', 'EMPRESA'],
    ['', 'EMPRESA'],
  ])('%s → %s', (name, code) => {
    expect(codigoBaseFromName(name)).toBe(code);
  });

  it('numbers the code from 2 when it is taken', () => {
    expect(firstFreeCodigo('IMPDEMO', [])).toBe('IMPDEMO');
    expect(firstFreeCodigo('IMPDEMO', ['IMPDEMO'])).toBe('IMPDEMO2');
    expect(firstFreeCodigo('IMPDEMO', ['IMPDEMO', 'IMPDEMO2', 'IMPDEMO4'])).toBe('IMPDEMO3');
  });
});
