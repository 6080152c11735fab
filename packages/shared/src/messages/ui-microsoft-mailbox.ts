/**
 * The Microsoft 365 mailbox connection (issue 34 part 2): the settings section and the answers of its
 * routes. Its errors are the MAILBOX_* codes of errors.ts.
 */
export const microsoftMailboxMessages = {
  title: 'Microsoft 365 (Outlook)',
  intro:
    'Conecte a caixa de e-mail do Microsoft 365 que recebe as respostas dos agentes de carga. A leitura é feita pela Microsoft Graph (permissão Mail.Read): nenhuma mensagem é alterada ou apagada.',
  notConfigured:
    'A integração com Microsoft 365 não está configurada neste servidor (MICROSOFT_CLIENT_ID e MICROSOFT_CLIENT_SECRET).',
  step1: '1. Gere o link e autorize o acesso com a conta da caixa de e-mail.',
  generateLink: 'Gerar link de autorização',
  generating: 'Gerando link...',
  openLink: 'Abrir página de autorização da Microsoft',
  step2: '2. Na volta, o código aparece aqui sozinho: informe o e-mail da caixa e clique em Conectar caixa.',
  emailLabel: 'E-mail da caixa',
  emailPlaceholder: 'cotacoes@suaempresa.com.br',
  codeLabel: 'Código de autorização',
  codePlaceholder: 'Cole aqui o código',
  codeHint: 'Se não vier sozinho, cole o código mostrado na tela de retorno.',
  codeReceived: 'Código recebido da página de autorização. Confira o e-mail e clique em Conectar caixa.',
  connect: 'Conectar caixa',
  connecting: 'Conectando...',
  connectedTitle: 'Caixas conectadas',
  none: 'Nenhuma caixa do Microsoft 365 conectada.',
  received: '{n} mensagem(ns) recebida(s)',
  lastSync: 'Última sincronização: {quando}',
  neverSynced: 'Ainda não sincronizada',
  sync: 'Sincronizar agora',
  syncing: 'Sincronizando...',
  disconnect: 'Desconectar',
  disconnecting: 'Desconectando...',
  disconnectTitle: 'Desconectar {email}?',
  disconnectBody:
    'As autorizações guardadas serão apagadas e as respostas desta caixa deixarão de chegar por aqui. Você pode conectá-la de novo depois.',
  revokeAdvice:
    'A Microsoft não permite revogar o acesso por aqui: depois de desconectar, remova o acesso do aplicativo em myaccount.microsoft.com (ou peça ao administrador no Microsoft Entra ID).',
  reconnect: 'Reconectar',
  states: {
    ok: 'Conectada',
    erro: 'Com erro',
    reconectar: 'Reconectar',
  },
  loading: 'Carregando caixas conectadas...',
  loadError: 'Não foi possível carregar as caixas do Microsoft 365.',
  actionError: 'Não foi possível concluir a operação. Tente novamente.',
  notificationsOn: 'Notificações de novas mensagens ativas',
  notificationsOff: 'Sem notificações: a caixa é consultada periodicamente',
  reconnectHint: 'A autorização foi revogada ou expirou: gere um novo link e conecte a caixa novamente.',
  // Route answers
  connected: 'Caixa {email} conectada. As respostas dos agentes de carga passam a chegar por ela.',
  synced: 'Sincronização concluída: {n} mensagem(ns) nova(s).',
  disconnected:
    'Caixa {email} desconectada. As autorizações guardadas foram apagadas; para revogar o acesso do aplicativo, remova-o em myaccount.microsoft.com.',
} as const;
