/** Every client route of the spec's route table, in one typed map: no string URLs in components. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    createPassword: { path: '/create-password', getHref: () => '/create-password' },
    googleCallback: { path: '/auth/google/callback', getHref: () => '/auth/google/callback' },
    gmailCallback: { path: '/auth/gmail/callback', getHref: () => '/auth/gmail/callback' },
    tokenCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  },
  onboarding: { path: '/onboarding/company', getHref: () => '/onboarding/company' },
  management: {
    path: '/management',
    /** `tab`: the groups tab ('grupos') instead of the agents. */
    getHref: (tab?: 'grupos') => (tab ? `/management?tab=${tab}` : '/management'),
  },
  quotes: {
    new: { path: '/quotes', getHref: () => '/quotes' },
    sent: {
      path: '/sent-quotes',
      /** `status`: the list opens with that status filter; `vencidas`: only past deadlines. */
      getHref: (status?: string, options: { vencidas?: boolean } = {}) => {
        const query = new URLSearchParams();
        if (status) query.set('status', status);
        if (options.vencidas) query.set('vencidas', 'true');
        const text = query.toString();
        return text ? `/sent-quotes?${text}` : '/sent-quotes';
      },
    },
    detail: { path: '/quotes/:id', getHref: (id: string) => `/quotes/${encodeURIComponent(id)}` },
    approve: {
      path: '/quotes/:id/approve',
      getHref: (id: string) => `/quotes/${encodeURIComponent(id)}/approve`,
    },
    extract: { path: '/dev/extract', getHref: () => '/dev/extract' },
  },
  companies: {
    list: { path: '/empresas', getHref: () => '/empresas' },
    assignUser: { path: '/empresas/assign-user', getHref: () => '/empresas/assign-user' },
    users: { path: '/empresas/users', getHref: () => '/empresas/users' },
  },
  support: { path: '/suporte', getHref: () => '/suporte' },
  settings: {
    root: { path: '/configuracoes', getHref: () => '/configuracoes' },
    changePassword: { path: '/configuracoes/alterar-senha', getHref: () => '/configuracoes/alterar-senha' },
  },
  indicators: { path: '/indicadores', getHref: () => '/indicadores' },
  /** Lane history (issue 36): the company's lanes and one lane's trend. */
  lanes: {
    list: { path: '/lanes', getHref: () => '/lanes' },
    detail: { path: '/lanes/:key', getHref: (key: string) => `/lanes/${encodeURIComponent(key)}` },
  },
  mailbox: { path: '/dev/mailbox', getHref: () => '/dev/mailbox' },
  /** The carrier portal (issue 35): public, no account. */
  portal: {
    /** `lang`: the entry page's language, kept in the URL so a link carries it. */
    entry: { path: '/portal', getHref: (lang?: 'pt' | 'en') => (lang ? `/portal?lang=${lang}` : '/portal') },
    answer: { path: '/portal/:token', getHref: (token: string) => `/portal/${encodeURIComponent(token)}` },
  },
  replies: {
    unmatched: { path: '/respostas/nao-identificadas', getHref: () => '/respostas/nao-identificadas' },
    failed: { path: '/respostas/com-falha', getHref: () => '/respostas/com-falha' },
  },
} as const;

const exemptExactPaths: readonly string[] = [
  paths.auth.login.path,
  paths.auth.register.path,
  paths.auth.verifyEmail.path,
  paths.auth.createPassword.path,
  paths.auth.forgotPassword.path,
];

/**
 * Spec 2: any path containing /auth/, the four public sign-up paths and the password reset never sign out
 * on a 401; nor does the carrier portal (no account at all).
 */
export function isAuthRedirectExempt(pathname: string): boolean {
  return (
    pathname.includes('/auth/') ||
    exemptExactPaths.includes(pathname) ||
    pathname === paths.portal.entry.path ||
    pathname.startsWith(`${paths.portal.entry.path}/`)
  );
}
