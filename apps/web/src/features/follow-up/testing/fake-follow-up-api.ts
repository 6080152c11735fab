import { errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { successMessages } from '@cotacoes/shared/messages/success';
import {
  DEFAULT_FOLLOW_UP_SETTINGS,
  type FollowUpSettings,
  followUpSettingsBodySchema,
  type QuoteReminders,
  quoteRemindersPatchSchema,
  sendRemindersBodySchema,
} from '@cotacoes/shared/schemas/follow-up';
import { ids } from '@/testing/fake-quotes-api';
import { type Handler, problem, type RecordedRequest, type StubResponse } from '@/testing/network';

/*
 * The follow-up calls as the contract answers them: bodies checked with the shared schemas (a 400 with
 * the field messages, as the API), settings kept between calls, 'Lembrar agora' moving pending carriers to
 * the sent list.
 */

export const carrierIds = { atlantico: ids.a1, boreal: ids.a2 } as const;

function validationProblem(error: { issues: { path: PropertyKey[]; message: string }[] }): StubResponse {
  return {
    status: 400,
    body: {
      code: 'VALIDATION_FAILED',
      message: errorMessages.VALIDATION_FAILED,
      status: 400,
      errors: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    },
  };
}

export function makeReminders(overrides: Partial<QuoteReminders> = {}): QuoteReminders {
  return {
    ativos: true,
    empresaAtivos: true,
    enviados: [
      {
        transportadorId: carrierIds.boreal,
        nome: 'Boreal Cargas',
        slot: 'after_send',
        sentAt: '2026-03-05T13:00:00.000Z',
        manual: false,
        enviadoPor: null,
      },
    ],
    proximos: [{ slot: 'before_deadline', dueAt: '2026-03-09T15:00:00.000Z', destinatarios: 2 }],
    pendentes: [
      { transportadorId: carrierIds.atlantico, nome: 'Atlântico Logística' },
      { transportadorId: carrierIds.boreal, nome: 'Boreal Cargas' },
    ],
    ...overrides,
  };
}

export function fakeFollowUpApi(
  options: {
    settings?: FollowUpSettings;
    reminders?: QuoteReminders;
    /** Answer of GET settings / GET lembretes instead of the data (e.g. an error). */
    settingsAnswer?: StubResponse;
    remindersAnswer?: StubResponse;
    sendAnswer?: StubResponse;
    quoteId?: string;
  } = {},
) {
  const state = {
    settings: options.settings ?? { ...DEFAULT_FOLLOW_UP_SETTINGS },
    reminders: options.reminders ?? makeReminders(),
  };
  const quoteId = options.quoteId ?? ids.q1;
  const base = `/api/quotes/${quoteId}/lembretes`;
  const routes: Record<string, Handler | StubResponse> = {
    'GET /api/empresas/my-company/follow-up': () => options.settingsAnswer ?? { body: state.settings },
    'PUT /api/empresas/my-company/follow-up': (request: RecordedRequest) => {
      const parsed = followUpSettingsBodySchema.safeParse(request.body);
      if (!parsed.success) return validationProblem(parsed.error);
      state.settings = parsed.data;
      return { body: state.settings };
    },
    [`GET ${base}`]: () => options.remindersAnswer ?? { body: state.reminders },
    [`PATCH ${base}`]: (request: RecordedRequest) => {
      const parsed = quoteRemindersPatchSchema.safeParse(request.body);
      if (!parsed.success) return validationProblem(parsed.error);
      state.reminders = {
        ...state.reminders,
        ativos: parsed.data.ativos,
        proximos: parsed.data.ativos ? state.reminders.proximos : [],
      };
      return { body: state.reminders };
    },
    [`POST ${base}/enviar`]: (request: RecordedRequest) => {
      if (options.sendAnswer) return options.sendAnswer;
      const parsed = sendRemindersBodySchema.safeParse(request.body);
      if (!parsed.success) return validationProblem(parsed.error);
      const targets = state.reminders.pendentes.filter(
        (p) => !parsed.data.transportadorId || p.transportadorId === parsed.data.transportadorId,
      );
      if (targets.length === 0)
        return problem(422, 'REMINDER_NOBODY_PENDING', errorMessages.REMINDER_NOBODY_PENDING);
      state.reminders = {
        ...state.reminders,
        enviados: [
          ...state.reminders.enviados,
          ...targets.map((p) => ({
            transportadorId: p.transportadorId,
            nome: p.nome,
            slot: `manual:${p.transportadorId}`,
            sentAt: '2026-03-06T12:00:00.000Z',
            manual: true,
            enviadoPor: 'Ana Souza',
          })),
        ],
      };
      return {
        body: {
          enviados: targets.length,
          message: formatMessage(successMessages.remindersSent, { n: targets.length }),
        },
      };
    },
  };
  return { routes, state };
}
