/**
 * pt-BR texts of the extraction settings (issue 32 item 3, ADR 0100 addendum): the optional AI pass in
 * 'Configurações'. Wired into `ui.extraction`.
 */
export const uiExtraction = {
  settings: {
    title: 'Leitura por IA',
    description:
      'Quando as regras não encontram um valor (ou têm pouca confiança nele), um modelo de IA pode completá-lo. Só é aceito o valor que aparece no texto da resposta; ele fica marcado como "IA" e com confiança média, para conferência.',
    loading: 'Carregando as configurações de leitura...',
    loadError: 'Erro ao carregar as configurações de leitura',
    llmEnabled: 'Completar com IA o que as regras não leram',
    llmEnabledHint: 'Desligado por padrão. Nunca substitui um valor que as regras leram com confiança.',
    lgpd: 'Privacidade (LGPD): com esta opção ligada, o texto das respostas dos agentes de carga é enviado ao provedor de IA configurado no servidor para leitura. Ligue apenas se a empresa aceita esse compartilhamento.',
    serverConfigured: 'Servidor configurado com o modelo {modelo}.',
    serverNotConfigured:
      'O servidor não tem um provedor de IA configurado: mesmo ligada, a opção não envia nada até que o administrador o configure.',
    save: 'Salvar',
    saving: 'Salvando...',
    saved: 'Configurações de leitura salvas.',
    saveError: 'Erro ao salvar as configurações de leitura',
  },
} as const;
