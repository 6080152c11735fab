import { describe, expect, it } from 'vitest';
import { quoteStatusInfo } from './quotes.js';

describe('quoteStatusInfo: one vocabulary per quote (spec 001 §4; issue 30)', () => {
  it("gives the detail's label and colour for every status, the value itself in gray otherwise", () => {
    expect(quoteStatusInfo('AGUARDANDO_RESPOSTA')).toEqual({ label: 'Aguardando Resposta', color: 'yellow' });
    expect(quoteStatusInfo('AGUARDANDO_APROVACAO')).toEqual({ label: 'Aguardando Aprovação', color: 'blue' });
    expect(quoteStatusInfo('AGUARDANDO_REVISAO')).toEqual({ label: 'Aguardando Revisão', color: 'orange' });
    expect(quoteStatusInfo('APROVADA')).toEqual({ label: 'Aprovada', color: 'emerald' });
    expect(quoteStatusInfo('FECHADA')).toEqual({ label: 'Fechada', color: 'gray' });
    expect(quoteStatusInfo('CANCELADA')).toEqual({ label: 'Cancelada', color: 'red' });
    expect(quoteStatusInfo('aberta')).toEqual({ label: 'aberta', color: 'gray' });
  });
});
