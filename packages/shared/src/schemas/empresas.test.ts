import { describe, expect, it } from 'vitest';
import {
  assignUserBodySchema,
  cnpjSchema,
  createEmpresaBodySchema,
  updateEmpresaBodySchema,
} from './empresas.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('company schemas', () => {
  it('normalises a CNPJ (mask, case) and gives each rule its message', () => {
    expect(cnpjSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpjSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(messages(cnpjSchema.safeParse('1122233300018'))).toEqual([
      'Informe um CNPJ válido com 14 dígitos',
    ]);
    expect(messages(cnpjSchema.safeParse('12ABC34501DE42'))).toEqual([
      'CNPJ inválido: os dígitos verificadores não conferem. Confira o número digitado.',
    ]);
  });

  it('upper-cases codigo, requires nome and codigo, and turns empty optional fields into null', () => {
    expect(createEmpresaBodySchema.parse({ nome: ' Norte ', codigo: 'nt-1', cnpj: '', email: '' })).toEqual({
      nome: 'Norte',
      codigo: 'NT-1',
      cnpj: null,
      razaoSocial: null,
      email: null,
      telefone: null,
      endereco: null,
    });
    expect(messages(createEmpresaBodySchema.safeParse({ codigo: 'X' }))).toEqual([
      'O nome da empresa é obrigatório.',
    ]);
    expect(messages(createEmpresaBodySchema.safeParse({ nome: 'X', codigo: ' ' }))).toEqual([
      'O código da empresa é obrigatório.',
    ]);
    expect(updateEmpresaBodySchema.parse({ telefone: '' })).toEqual({ telefone: null });
    expect(updateEmpresaBodySchema.parse({})).toEqual({});
  });

  it("asks for every field of a link request with the spec's message; the role defaults to analista", () => {
    expect(messages(assignUserBodySchema.safeParse({}))).toEqual([
      'Por favor, preencha todos os campos',
      'Por favor, preencha todos os campos',
    ]);
    expect(
      assignUserBodySchema.parse({
        userEmail: 'A@B.com.br',
        empresaId: '0b9c1a52-2f6e-4d4b-9a55-0d3f4f1e2a10',
      }),
    ).toMatchObject({ userEmail: 'a@b.com.br', role: 'analista' });
  });
});
