import { formatMessage } from '@cotacoes/shared/messages/errors';
import { formatPortalDateTime, portalTexts } from '@cotacoes/shared/messages/ui-portal';
import { type PortalView, portalAnswerSchemas, portalLinkBodySchema } from '@cotacoes/shared/schemas/portal';
import type { Handler, RecordedRequest, StubResponse } from '@/testing/network';

export const PORTAL_TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

/** The request as the API answers it for one carrier (contract: schemas/portal.ts portalViewSchema). */
export function portalView(overrides: Partial<PortalView> = {}): PortalView {
  return {
    idioma: 'pt',
    empresa: 'Importadora Horizonte',
    codigo: 'COT-2026-0042',
    transportador: 'Atlântica Cargas',
    email: 'pricing@atlantica.com.br',
    tipoFrete: 'FCL',
    prazoResposta: '2026-12-11T17:00:00.000Z',
    estado: 'aberta',
    pedido: {
      assunto: 'Cotação COT-2026-0042 - IMP-7',
      texto: 'Prezados,\n\nImportadora Horizonte solicita cotação de frete.\nCódigo: COT-2026-0042',
      enviadoEm: '2026-12-04T17:00:00.000Z',
    },
    anexos: [{ id: '7d3c1d8e-8f57-4a4e-9a0e-0d3f3f9b2a11', nome: 'pedido.pdf', tamanho: 2048 }],
    unidadesSugeridas: ['40HC'],
    destinos: [],
    resposta: null,
    versao: null,
    respondidaEm: null,
    ...overrides,
  };
}

/**
 * The portal's calls as the API answers them: the answer's `dados` is checked with the shared schema of the
 * view's language (400 with field messages, like the server), and a valid one becomes version n+1.
 */
export function fakePortalApi(view: PortalView = portalView()): Record<string, Handler | StubResponse> {
  let current = view;
  return {
    'POST /api/portal/link': (request: RecordedRequest) => {
      const parsed = portalLinkBodySchema.safeParse(request.body);
      if (!parsed.success) return { status: 400, body: { code: 'VALIDATION_FAILED', status: 400 } };
      return { status: 202, body: { message: 'Se este e-mail recebeu a cotação, enviamos a ele um link.' } };
    },
    [`GET /api/portal/${PORTAL_TOKEN}`]: () => ({ body: current }),
    [`POST /api/portal/${PORTAL_TOKEN}/resposta`]: (request: RecordedRequest) => {
      const form = request.body as FormData;
      const texts = portalTexts[current.idioma];
      const parsed = portalAnswerSchemas[current.idioma].safeParse(JSON.parse(String(form.get('dados'))));
      if (!parsed.success)
        return {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            status: 400,
            message: texts.refusals.validationFailed,
            errors: parsed.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          },
        };
      current = {
        ...current,
        resposta: parsed.data,
        versao: (current.versao ?? 0) + 1,
        respondidaEm: '2026-12-05T10:00:00.000Z',
      };
      return {
        status: 201,
        body: {
          data: current,
          message: formatMessage(texts.answer.success, {
            prazo: formatPortalDateTime(current.prazoResposta, current.idioma) ?? '',
          }),
        },
      };
    },
  };
}
