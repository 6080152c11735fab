/**
 * pt-BR texts of the carrier lists when a search matches more carriers than the server counts (issue #18,
 * P1: a search counts up to 100). Wired into `ui.carrierLists`.
 */
export const uiCarrierLists = {
  countLimited: 'mais de {count} agentes de carga',
  /** The total of the wizard's 'Mostrando {shown} de {total} agentes de carga'. */
  moreThan: 'mais de {total}',
};
