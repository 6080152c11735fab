import { describe, expect, it } from 'vitest';
import { emptyTypedValues, type FeeDraft, validateTypedValues } from './typed-values';

const fee = (key: number, nome: string): FeeDraft => ({
  key,
  nome,
  valor: '10',
  moeda: 'USD',
  unidade: 'bl',
  unidadeEscolhida: true,
  destino: '',
  minimo: '',
});

describe("'Registrar resposta → Valores' sizes (QA pass 43b)", () => {
  it('says the limit of a long charge name, of the remarks and of too many charges', () => {
    const draft = emptyTypedValues(['40HC']);
    draft.fretes[0]!.valor = '2.500';
    const long = validateTypedValues({ ...draft, taxas: [fee(1, 'x'.repeat(150))] });
    expect(long).toEqual({ ok: false, errors: { 'taxas.0.nome': 'Use no máximo 100 caracteres.' } });
    const remarks = validateTypedValues({ ...draft, observacoes: 'y'.repeat(5001) });
    expect(remarks).toEqual({ ok: false, errors: { observacoes: 'Use no máximo 5.000 caracteres.' } });
    const many = validateTypedValues({
      ...draft,
      taxas: Array.from({ length: 51 }, (_, i) => fee(i, 'THC')),
    });
    expect(many).toEqual({ ok: false, errors: { form: 'Itens demais: no máximo 50.' } });
  });
});
