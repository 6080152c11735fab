import { revisionMessage } from './revision-modal-message';

describe('the revision message the modal starts with', () => {
  it("asks for what the carrier's answer lacks, in the shared rule's words", () => {
    expect(revisionMessage({ todos: false, faltando: ['frete40', 'freeTime', 'validade'] })).toBe(
      "Para concluirmos a análise, pedimos que nos informem o preço do contêiner de 40', o free time no destino e a validade da proposta.",
    );
    expect(revisionMessage({ todos: false, faltando: ['prazo'] })).toContain(
      'pedimos que nos informem o tempo de trânsito (transit time).',
    );
  });

  it('asks for a better price when nothing is missing, and ignores keys it does not know', () => {
    const expected = 'Pedimos que revisem os valores e nos enviem a melhor condição possível.';
    expect(revisionMessage({ todos: false, faltando: [] })).toBe(expected);
    expect(revisionMessage({ todos: false, faltando: ['armador'] })).toBe(expected);
  });

  it("writes one text for 'Revisar Todos', naming no one's gaps", () => {
    const message = revisionMessage({ todos: true });
    expect(message).toContain('confirmando frete, taxas, transit time, free time e validade');
    // The ask only: the e-mail around it greets, thanks and signs, once.
    expect(message).not.toMatch(/Prezados|Agradecemos|Atenciosamente/);
    expect(message).not.toContain("contêiner de 40'");
  });
});

describe('a quote sent in English starts its revision message in English (QA pass 15)', () => {
  it('asks for what is missing, for a better price, and for everyone, in English', () => {
    expect(revisionMessage({ todos: false, faltando: ['frete40', 'freeTime', 'validade'] }, 'en')).toBe(
      "To complete our analysis, please let us know the 40' container rate, the free time at destination and the validity of the offer.",
    );
    expect(revisionMessage({ todos: false, faltando: [] }, 'en')).toBe(
      'Please review your rates and send us your best possible offer.',
    );
    expect(revisionMessage({ todos: true }, 'en')).not.toMatch(/Pedimos|revisem/);
  });
});
