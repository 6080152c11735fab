import { ROLES, type Role } from '@cotacoes/shared';
import type { Access } from '../plugins/access.js';

/** The callers of the matrix: every role and a request without a session. */
export const MATRIX_ROLES = [...ROLES, 'anonymous'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/**
 * Who may call a route and whose data it touches (S1, S2).
 * - `allow`: the callers that get through; a signed-in caller outside it gets 403, an anonymous one 401.
 * - `company`: the caller must be linked to a company (a desenvolvedor: their visão), else 403
 *   EMPRESA_REQUIRED; the route works on that company only.
 * - `target`: the route names one company's record (company, user, invite, join request) by an id in the
 *   path or body. Roles in `crossTenant` reach every company; for anyone else another company's id
 *   answers 404, exactly like an id that does not exist.
 * - `platformWide`: the answer is not about one company by design (say why in `note`).
 */
export type RouteRule = {
  allow: readonly MatrixRole[];
  company?: boolean;
  target?: boolean;
  crossTenant?: readonly Role[];
  platformWide?: boolean;
  note?: string;
};

const everyone: readonly MatrixRole[] = MATRIX_ROLES;
const signedIn: readonly MatrixRole[] = ROLES;
const developer: readonly MatrixRole[] = ['desenvolvedor'];
const managers: readonly MatrixRole[] = ['desenvolvedor', 'supervisor'];
const analysts: readonly MatrixRole[] = ['desenvolvedor', 'supervisor', 'analista'];
const acrossCompanies: readonly Role[] = ['desenvolvedor'];

/**
 * Every /api route × caller, in one table. The server enforces each route's declared `config.access`;
 * `test/isolation-matrix.test.ts` checks that this table and those declarations agree, that no route is
 * missing here, and walks every route × caller × two companies against a running app.
 */
export const accessMatrix: Record<string, RouteRule> = {
  'GET /api/health': { allow: everyone },
  'GET /api/config': { allow: everyone },

  'POST /api/auth/register': { allow: everyone },
  'POST /api/auth/verify-email': { allow: everyone },
  'POST /api/auth/resend-verification': { allow: everyone },
  'POST /api/auth/complete-registration': { allow: everyone },
  'POST /api/auth/login': { allow: everyone },
  'POST /api/auth/forgot-password': { allow: everyone, note: 'same answer for any e-mail (no enumeration)' },
  'POST /api/auth/reset-password': { allow: everyone, note: 'needs the reset cookie and the mailed code' },
  'POST /api/auth/logout': { allow: everyone, note: 'ends the session it is called with, if any' },
  'GET /api/auth/me': { allow: signedIn },
  'POST /api/auth/profile': { allow: signedIn },
  'POST /api/auth/change-password': { allow: signedIn },
  'GET /api/auth/google/login': { allow: everyone },
  'GET /api/auth/microsoft/login': { allow: everyone },
  'POST /api/auth/google/callback': { allow: everyone },
  'GET /api/auth/microsoft/callback': { allow: everyone },

  'POST /api/portal/link': {
    allow: everyone,
    note: "the carrier portal's 'Consultar cotação': the same 202 for any code and e-mail (no enumeration)",
  },
  'GET /api/portal/:token': {
    allow: everyone,
    note: 'token-scoped: the portal token is the credential and reaches one quote and one recipient (test/portal-isolation.test.ts)',
  },
  'GET /api/portal/:token/anexos/:id': { allow: everyone, note: 'token-scoped, as GET /api/portal/:token' },
  'GET /api/portal/:token/pedido.pdf': { allow: everyone, note: 'token-scoped, as GET /api/portal/:token' },
  'POST /api/portal/:token/resposta': { allow: everyone, note: 'token-scoped, as GET /api/portal/:token' },

  'GET /api/rates': { allow: signedIn },
  'POST /api/quotes/extract': { allow: signedIn, note: 'extracts figures from pasted text; stores nothing' },

  'GET /api/dev/mailbox': {
    allow: developer,
    platformWide: true,
    note: 'the local mail catcher (ADR 0007): registered only with MAIL_TRANSPORT=local outside production',
  },
  'GET /api/dev/mailbox/:id': { allow: developer, platformWide: true, note: 'as GET /api/dev/mailbox' },
  'POST /api/dev/mailbox/:id/reply': {
    allow: developer,
    platformWide: true,
    note: 'local mode: answers a local message as its carrier; the pipeline derives the company from the token',
  },

  // Mail integration (spec 000 settings, spec 001 /gmail/*; issue 34, ADR 0027): the connected mailbox is
  // platform-wide like the IMAP one; what it delivers is matched by the pipeline (the reply token decides).
  'GET /api/gmail/auth-url': {
    allow: developer,
    platformWide: true,
    note: 'the authorization link of a platform mailbox; state and PKCE verifier stay on the server, bound to the caller',
  },
  'POST /api/gmail/exchange-code': {
    allow: developer,
    platformWide: true,
    note: 'connects a platform mailbox; only the pending authorization of the caller is exchanged; no token is answered',
  },
  'GET /api/gmail/connections': {
    allow: developer,
    platformWide: true,
    note: 'addresses and sync state of the platform mailboxes; never their tokens',
  },
  'DELETE /api/gmail/connections/:id': {
    allow: developer,
    platformWide: true,
    note: 'disconnects a platform mailbox',
  },
  'POST /api/gmail/sync-quote': {
    allow: developer,
    company: true,
    target: true,
    note: "the quote must be the visão's company's; the messages found are matched by the pipeline (reply token)",
  },
  'POST /api/gmail/watch-start': {
    allow: developer,
    platformWide: true,
    note: 'push set-up of a platform mailbox',
  },
  'POST /api/gmail/attachments': {
    allow: developer,
    platformWide: true,
    note: 'lists attachments of a message in a platform mailbox (names and types only)',
  },
  'POST /api/gmail/attachment': {
    allow: developer,
    platformWide: true,
    note: 'one attachment of a message in a platform mailbox, size-capped',
  },
  'POST /api/gmail/attachment-url': {
    allow: developer,
    company: true,
    target: true,
    note: "the download link of a conversation attachment of the visão's company",
  },
  'POST /api/gmail/push': {
    allow: everyone,
    note: "Pub/Sub push: public, verified by Google's signed OIDC token (401 otherwise); it only triggers a sync",
  },

  'GET /api/inbound/status': {
    allow: developer,
    platformWide: true,
    note: 'the mailbox and listener every company shares (ADR 0010: one reply address): checkpoint, errors, counts only',
  },
  'GET /api/inbound/health': {
    allow: signedIn,
    platformWide: true,
    note: 'which shared mailbox stopped reading (address, state, last read), so every user knows replies may be late; no error text, no counts',
  },
  'GET /api/inbound/failed': {
    allow: developer,
    platformWide: true,
    note: 'messages stored but not processed (issue 29): no company is known before processing; metadata only',
  },
  'POST /api/inbound/messages/:id/reprocess': {
    allow: developer,
    platformWide: true,
    note: 'a failed message of the shared mailbox, processed again; the pipeline derives its company',
  },
  'POST /api/inbound/messages/:id/discard': {
    allow: developer,
    platformWide: true,
    note: 'a failed message of the shared mailbox, given up and purged (audited)',
  },
  'POST /api/inbound/sources/:id/sync': {
    allow: developer,
    platformWide: true,
    note: "'Sincronizar agora' of a shared source (issue 34 §4): runs its sync, answers a message only",
  },

  // Provider inbound webhooks (issue 34 §3, ADR 0029): machine-to-machine, no session. The provider's
  // secret is the credential (Mailgun HMAC; basic auth for SendGrid and Postmark): forged → 401, a
  // provider without its secret configured → 404. The reply token in the message decides the company.
  'POST /api/inbound/mailgun': {
    allow: everyone,
    note: 'signed by MAILGUN_SIGNING_KEY (HMAC of timestamp+token, at most 9 h old, token used once); answers a message only',
  },
  'POST /api/inbound/mailgun/mime': { allow: everyone, note: 'as POST /api/inbound/mailgun (raw MIME mode)' },
  'POST /api/inbound/sendgrid': {
    allow: everyone,
    note: 'basic auth INBOUND_WEBHOOK_USER / INBOUND_WEBHOOK_PASSWORD; answers a message only',
  },
  'POST /api/inbound/postmark': { allow: everyone, note: 'basic auth, as POST /api/inbound/sendgrid' },

  // The Microsoft 365 mailbox (issue 34 part 2, ADR 0028): platform-wide like the IMAP mailbox
  'GET /api/microsoft/mailboxes': {
    allow: developer,
    platformWide: true,
    note: 'the reply mailbox every company shares (ADR 0010): address, state and counts, never tokens',
  },
  'GET /api/microsoft/auth-url': {
    allow: developer,
    platformWide: true,
    note: 'the authorization link of the shared mailbox; state and PKCE stay on the server',
  },
  'POST /api/microsoft/exchange-code': {
    allow: developer,
    platformWide: true,
    note: 'connects the shared mailbox; the reply token of each message decides its company',
  },
  'POST /api/microsoft/sync': {
    allow: developer,
    platformWide: true,
    note: 'a delta sync of the shared mailbox',
  },
  'POST /api/microsoft/disconnect': {
    allow: developer,
    platformWide: true,
    note: 'deletes the subscription and wipes the tokens of the shared mailbox',
  },
  'POST /api/microsoft/notifications': {
    allow: everyone,
    note: "Microsoft Graph's calls: the validationToken echo, or notifications checked against the subscription's clientState (401 otherwise)",
  },

  // Companies (spec 000 §6, §7)
  'GET /api/empresas': { allow: developer, crossTenant: acrossCompanies },
  'POST /api/empresas': { allow: developer, crossTenant: acrossCompanies },
  'GET /api/empresas/:id': { allow: developer, target: true, crossTenant: acrossCompanies },
  'PATCH /api/empresas/:id': { allow: developer, target: true, crossTenant: acrossCompanies },
  'DELETE /api/empresas/:id': { allow: developer, target: true, crossTenant: acrossCompanies },
  'GET /api/empresas/search/cnpj/:cnpj': {
    allow: signedIn,
    note: "a registered company's name, code, CNPJ and address are shown to whoever knows its CNPJ (join)",
  },
  'POST /api/empresas/onboarding': { allow: signedIn, note: '409 for a caller who already has a company' },
  'POST /api/empresas/join/:id': {
    allow: signedIn,
    note: 'asks to join any company whose CNPJ the caller knows; its supervisors decide',
  },
  'GET /api/empresas/join-requests/mine': { allow: signedIn },
  'GET /api/empresas/invites/:token': {
    allow: everyone,
    note: 'by the unguessable token of an invitation link',
  },
  'GET /api/empresas/my-company/join-requests': { allow: managers, company: true },
  'POST /api/empresas/join-requests/:id/approve': { allow: managers, company: true, target: true },
  'POST /api/empresas/join-requests/:id/reject': { allow: managers, company: true, target: true },
  'POST /api/empresas/assign-user': { allow: managers, target: true, crossTenant: acrossCompanies },
  'DELETE /api/empresas/unlink-user/:id': { allow: managers, target: true, crossTenant: acrossCompanies },
  'GET /api/empresas/my-company/users': { allow: managers, company: true },
  'GET /api/empresas/:id/users': { allow: managers, target: true, crossTenant: acrossCompanies },
  'POST /api/empresas/pending-users': { allow: managers, target: true, crossTenant: acrossCompanies },
  'GET /api/empresas/my-company/pending-users': { allow: managers, company: true },
  'GET /api/empresas/:id/pending-users': { allow: managers, target: true, crossTenant: acrossCompanies },
  'DELETE /api/empresas/pending-users/:id': { allow: managers, target: true, crossTenant: acrossCompanies },
  'POST /api/empresas/set-visao/:id': { allow: developer, target: true, crossTenant: acrossCompanies },
  'GET /api/empresas/current/visao': { allow: signedIn },
  'GET /api/empresas/current/empresa': { allow: signedIn, note: '404 for a caller without a company' },

  // Agents and groups (spec 000 §6: a user must belong to a company to manage them)
  'GET /api/transporters': { allow: signedIn, company: true },
  'GET /api/transporters/ids': { allow: signedIn, company: true },
  'POST /api/transporters': { allow: signedIn, company: true },
  'PATCH /api/transporters/:id': { allow: signedIn, company: true, target: true },
  'DELETE /api/transporters/:id': { allow: signedIn, company: true, target: true },
  // A carrier's 'Aprendizados de correções' (ADR 0101): as editing the carrier
  'GET /api/transporters/:id/hints': { allow: signedIn, company: true, target: true },
  'DELETE /api/transporters/:id/hints/:hintId': {
    allow: signedIn,
    company: true,
    target: true,
    note: 'both ids must be of the caller’s company: another company’s hint under an own carrier is 404',
  },
  'POST /api/transporters/import/preview': { allow: signedIn, company: true },
  'POST /api/transporters/import': { allow: signedIn, company: true },
  'GET /api/transporters/export': { allow: signedIn, company: true },
  'GET /api/groups': { allow: signedIn, company: true },
  'POST /api/groups': { allow: signedIn, company: true },
  'PATCH /api/groups/:id': { allow: signedIn, company: true, target: true },
  'DELETE /api/groups/:id': { allow: signedIn, company: true, target: true },
  'POST /api/groups/:id/transporters': { allow: signedIn, company: true, target: true },
  'POST /api/groups/:id/transporters/:transporterId': { allow: signedIn, company: true, target: true },
  'DELETE /api/groups/:id/transporters/:transporterId': { allow: signedIn, company: true, target: true },

  // Quotation requests (spec 001 §6: a company link is required)
  'POST /api/quotes': { allow: signedIn, company: true, target: true, note: 'target: the recipient ids' },
  'POST /api/quotes/create-with-file': { allow: signedIn, company: true, target: true },
  'GET /api/quotes': { allow: signedIn, company: true },
  'GET /api/quotes/:id': { allow: signedIn, company: true, target: true },
  'GET /api/quotes/:id/pdf': { allow: signedIn, company: true, target: true },
  'PATCH /api/quotes/:id': { allow: signedIn, company: true, target: true },
  'DELETE /api/quotes/:id': { allow: signedIn, company: true, target: true },

  // Carrier responses (spec 001, issue 19)
  'GET /api/quotes/:id/respostas': { allow: signedIn, company: true, target: true },
  'GET /api/quotes/:id/responses': { allow: signedIn, company: true, target: true },
  'POST /api/quotes/:id/respostas/registrar': { allow: signedIn, company: true, target: true },
  'POST /api/quotes/:id/respostas-teste': { allow: developer, company: true, target: true },
  'POST /api/quotes/:id/mensagens/:mensagemId/contar-como-resposta': {
    allow: signedIn,
    company: true,
    target: true,
    note: "a set-aside reply counted as the carrier's answer, as 'Registrar resposta' would; both ids of the caller's company",
  },
  'POST /api/quotes/:id/respostas/:respostaId/desfazer-atribuicao': {
    allow: signedIn,
    company: true,
    target: true,
    note: "as 'Atribuir': a version assigned from 'Não identificadas' goes back there; both ids of the caller's company",
  },
  'POST /api/quotes/:id/respostas/:respostaId/ler-de-novo': {
    allow: signedIn,
    company: true,
    target: true,
    note: "a version read again from its stored message (a failed or older reading); both ids of the caller's company",
  },
  // Comparison (spec 001 §2 'Comparação', issue #14)
  'GET /api/quotes/:id/comparison': { allow: signedIn, company: true, target: true },

  // Comparative documents (spec 001 'Gerar Comparativo', issue #15)
  'GET /api/quotes/:id/comparative-excel': { allow: signedIn, company: true, target: true },
  'GET /api/quotes/:id/comparative-pdf': { allow: signedIn, company: true, target: true },
  'POST /api/quotes/:id/send-comparative': { allow: signedIn, company: true, target: true },
  'GET /api/inbound/unmatched': {
    allow: signedIn,
    note: "the caller's company's unmatched messages (dismissed ones with dispensadas=true); a desenvolvedor also sees those of no known company",
  },
  'POST /api/inbound/messages/:id/assign': { allow: signedIn, company: true, target: true },
  'POST /api/inbound/messages/:id/dismiss': {
    allow: signedIn,
    company: true,
    target: true,
    note: "an unmatched message that is no answer leaves 'Não identificadas' (kept, audited); the caller's company's, or (desenvolvedor) an unknown one",
  },
  'POST /api/inbound/messages/:id/restore': {
    allow: signedIn,
    company: true,
    target: true,
    note: "a dismissed message returns to 'Não identificadas' (audited); the caller's company's, or (desenvolvedor) an unknown one",
  },
  'POST /api/quotes/upload': { allow: signedIn, company: true, note: 'kept for the uploading user only' },

  // Decisions on a quote (spec 001 §6: any signed-in user linked to the company; ADR 0018)
  'PUT /api/quotes/:id/respostas/:respostaId/correcoes': {
    allow: signedIn,
    company: true,
    target: true,
    note: 'both ids must be of the caller’s company: another company’s response under an own quote is 404',
  },
  'POST /api/quotes/:id/respostas/:respostaId/confirmar-remetente': {
    allow: analysts,
    company: true,
    target: true,
    note: "vouching for an unverified sender (ADR 0023) is an analyst's decision; both ids of the caller's company",
  },
  'POST /api/quotes/:id/respostas/:respostaId/taxas': {
    allow: signedIn,
    company: true,
    target: true,
    note: 'a fee line kept from the previous version or typed by hand (issue 30); both ids of the caller’s company',
  },
  'POST /api/quotes/:id/request-revision': { allow: signedIn, company: true, target: true },
  'POST /api/quotes/:id/approve': {
    allow: signedIn,
    company: true,
    target: true,
    note: "without a company: 403 APPROVAL_NO_COMPANY, the spec's 'Acesso Negado' text",
  },

  // Follow-up (issue 35, ADR 0026): the company's settings (read by any member: the approval page's
  // default; changed by its supervisors) and a quote's reminders (as a revision request: any member)
  'GET /api/empresas/my-company/follow-up': { allow: signedIn, company: true },
  'PUT /api/empresas/my-company/follow-up': { allow: managers, company: true },
  // Extraction settings (issue 32 item 3): the AI pass switch, read by any member, changed by supervisors
  'GET /api/empresas/my-company/extraction': { allow: signedIn, company: true },
  'PUT /api/empresas/my-company/extraction': { allow: managers, company: true },
  'GET /api/quotes/:id/lembretes': { allow: signedIn, company: true, target: true },
  'PATCH /api/quotes/:id/lembretes': { allow: signedIn, company: true, target: true },
  'POST /api/quotes/:id/lembretes/enviar': { allow: signedIn, company: true, target: true },

  // Conversation history (spec 001 §7): a quote's messages, a message's attachments, a file by its key
  'GET /api/emails/by-cotacao/:id': { allow: signedIn, company: true, target: true },
  'GET /api/imap/attachments/:messageId': { allow: signedIn, company: true, target: true },
  'GET /api/attachments/:key': { allow: signedIn, company: true, target: true },

  // Dashboard and indicators (spec 000 §7): the caller's company only
  'GET /api/dashboard': { allow: signedIn, company: true },
  'GET /api/dashboard/stats': { allow: signedIn, company: true },
  'GET /api/dashboard/atividades': { allow: signedIn, company: true },
  'GET /api/dashboard/vencimentos': { allow: signedIn, company: true },
  'GET /api/indicators/response-times': {
    allow: signedIn,
    company: true,
    note: "transportadorId filters the caller's carriers; another company's id matches nothing",
  },
  'GET /api/indicators/response-times/transportadores': { allow: signedIn, company: true },
  'GET /api/indicators/response-times/export': { allow: signedIn, company: true, note: 'as response-times' },

  // Lane history (issue 36, ADR 0030): the caller's company's own points only
  'GET /api/lanes': { allow: signedIn, company: true },
  'GET /api/lanes/export.csv': { allow: signedIn, company: true, note: 'as GET /api/lanes' },
  'GET /api/lanes/:key': {
    allow: signedIn,
    company: true,
    note: "a lane key is not a record: another company's lane reads as an empty lane of the caller's",
  },
};

/** The callers a declared access rule lets through (`custom` rules decide in the route itself). */
export function callersAllowedBy(rule: Access): readonly MatrixRole[] | 'custom' {
  switch (rule.kind) {
    case 'public':
      return everyone;
    case 'custom':
      return 'custom';
    case 'user':
      return rule.roles ?? signedIn;
  }
}
