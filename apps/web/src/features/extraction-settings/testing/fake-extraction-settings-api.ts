import { errorMessages } from '@cotacoes/shared/messages/errors';
import {
  type ExtractionSettings,
  extractionSettingsBodySchema,
} from '@cotacoes/shared/schemas/extraction-settings';
import type { Handler, RecordedRequest, StubResponse } from '@/testing/network';

/*
 * The extraction settings calls as the contract answers them: the body checked with the shared schema
 * (a 400 with the field messages, as the API), the switch kept between calls, the server's part
 * (`servidorConfigurado`, `modelo`) never changed by a save.
 */
export function fakeExtractionSettingsApi(
  options: { settings?: ExtractionSettings; settingsAnswer?: StubResponse; saveAnswer?: StubResponse } = {},
) {
  const state = {
    settings: options.settings ?? {
      llmEnabled: false,
      servidorConfigurado: true,
      modelo: 'qwen2.5:7b-instruct',
    },
  };
  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/empresas/my-company/extraction': () => options.settingsAnswer ?? { body: state.settings },
    'PUT /api/empresas/my-company/extraction': (request: RecordedRequest) => {
      if (options.saveAnswer) return options.saveAnswer;
      const parsed = extractionSettingsBodySchema.safeParse(request.body);
      if (!parsed.success)
        return {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: errorMessages.VALIDATION_FAILED,
            status: 400,
            errors: parsed.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          },
        };
      state.settings = { ...state.settings, llmEnabled: parsed.data.llmEnabled };
      return { body: state.settings };
    },
  };
  return { routes, state };
}
