import { missingPhrase, revisionMessage } from './revision-modal-message';

describe('the revision message the modal starts with', () => {
  it("lists what the carrier's answer lacks, one item a line", () => {
    expect(revisionMessage({ todos: false, faltando: ['frete40', 'freeTime', 'validade'] })).toBe(
      [
        'Prezados,',
        '',
        'Obrigado pela proposta. Para podermos compará-la com as demais, pedimos que enviem também:',
        "- o valor do frete do contêiner de 40';",
        '- o free time no destino (em dias);',
        '- a validade da proposta.',
        '',
        'Aguardamos a proposta revisada respondendo a este e-mail.',
        '',
        'Atenciosamente,',
      ].join('\n'),
    );
  });

  it('asks for a revision of the values when nothing is missing', () => {
    const message = revisionMessage({ todos: false, faltando: [] });
    expect(message).toContain('Gostaríamos de pedir uma revisão dos valores apresentados.');
    expect(message).not.toContain('- ');
  });

  it("writes one text for 'Revisar Todos', naming no one's gaps", () => {
    const message = revisionMessage({ todos: true });
    expect(message).toContain('Obrigado pelas propostas enviadas.');
    expect(message).not.toContain('- ');
  });

  it('has a phrase for every key the comparison reports, and a readable one for a new key', () => {
    for (const key of ['frete20', 'frete40', 'prazo', 'freeTime', 'validade'])
      expect(missingPhrase(key)).not.toContain('a informação');
    expect(missingPhrase('armador')).toBe('a informação "armador"');
  });
});
