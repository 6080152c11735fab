/** The quote wizard's saved draft (QA pass 10: leaving the wizard lost everything typed), pt-BR. */
export const uiQuoteDraft = {
  restored: 'Rascunho recuperado: você continua de onde parou ({data}).',
  refile: 'Anexe de novo: {nomes}. Arquivos não ficam guardados no rascunho.',
  discard: 'Descartar rascunho',
  discarded: 'Rascunho descartado.',
} as const;
