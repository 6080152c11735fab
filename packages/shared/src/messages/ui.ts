/** pt-BR texts of the web application (screens, buttons, toasts). Owned by apps/web. */
export const ui = {
  appName: 'Sistema de Cotações',
} as const;
