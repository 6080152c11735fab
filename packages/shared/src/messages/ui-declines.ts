/**
 * pt-BR texts of a declined answer (glossary 'declinou'): the carrier answered that it will not quote
 * ("não atendemos a rota", "unable to quote", "no podemos cotizar") and stated no price. The comparison
 * row's texts are in ui-comparison.ts (`declined`, `declinedTitle`).
 */
export const uiDeclines = {
  /** The answer card: in place of the confidence and 'Nenhum valor identificado'. */
  card: {
    chip: 'Declinou a cotação',
    hint: 'O agente de carga respondeu que não vai cotar: a resposta conta como recebida, sem proposta para comparar ou aprovar. Se ele enviar uma proposta depois, ela entra na comparação.',
  },
} as const;
