import { errorMessages } from '@cotacoes/shared/messages/errors';
import type { InboundSourceStatus, InboundStatus } from '@cotacoes/shared/schemas/responses';
import { type Handler, problem, type StubResponse } from '@/testing/network';

export const IMAP_ID = 'imap:cotacoes@importadora.com.br@imap.example.com/INBOX';

/** The rows a server with IMAP, the SMTP listener and two of the three webhooks shows. */
export function sampleSources(): InboundSourceStatus[] {
  return [
    {
      id: IMAP_ID,
      kind: 'imap',
      label: 'Caixa IMAP cotacoes@importadora.com.br@imap.example.com/INBOX',
      state: 'ok',
      lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      lastError: null,
      lastErrorAt: null,
      received: 1234,
      canSync: true,
    },
    {
      id: 'smtp',
      kind: 'smtp',
      label: 'Servidor SMTP de entrada (porta 2525)',
      state: 'ok',
      lastSyncAt: null,
      lastError: null,
      lastErrorAt: null,
      received: 3,
      canSync: false,
    },
    {
      id: 'webhook:mailgun',
      kind: 'mailgun',
      label: 'Webhook Mailgun',
      state: 'erro',
      lastSyncAt: '2026-12-01T10:00:00.000Z',
      lastError: errorMessages.WEBHOOK_UNAUTHORIZED,
      lastErrorAt: '2026-12-01T10:05:00.000Z',
      received: 7,
      canSync: false,
    },
    {
      id: 'webhook:postmark',
      kind: 'postmark',
      label: 'Webhook Postmark',
      state: 'inativo',
      lastSyncAt: null,
      lastError: null,
      lastErrorAt: null,
      received: 0,
      canSync: false,
    },
  ];
}

/*
 * GET /api/inbound/status and POST /api/inbound/sources/{id}/sync as the API answers them: a sync of a
 * row that can sync moves its time and answers the pt-BR message; `syncAnswer` overrides it (a failure).
 */
export function fakeInboundSourcesApi(
  options: { sources?: InboundSourceStatus[]; statusAnswer?: StubResponse; syncAnswer?: StubResponse } = {},
) {
  const state = { sources: options.sources ?? sampleSources(), syncs: 0 };
  const status = (): InboundStatus => ({
    imap: null,
    smtp: null,
    localMode: false,
    naoIdentificadas: 0,
    comFalha: 0,
    sources: structuredClone(state.sources),
  });
  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/inbound/status': () => options.statusAnswer ?? { body: status() },
  };
  for (const source of state.sources) {
    routes[`POST /api/inbound/sources/${encodeURIComponent(source.id)}/sync`] = async () => {
      if (options.syncAnswer) return options.syncAnswer;
      if (!source.canSync)
        return problem(409, 'INBOUND_SOURCE_NOT_SYNCABLE', errorMessages.INBOUND_SOURCE_NOT_SYNCABLE);
      state.syncs += 1;
      const row = state.sources.find((item) => item.id === source.id)!;
      row.lastSyncAt = new Date().toISOString();
      return { body: { message: `Sincronização concluída: ${row.label}.` } };
    };
  }
  return { routes, state };
}
