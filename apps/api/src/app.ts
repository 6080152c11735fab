import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import { DEFAULT_EXCHANGE_MARGIN } from '@cotacoes/shared';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import { ConversationService } from './conversation/conversation.service.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { registerDeadlineJobs } from './deadlines/deadlines.jobs.js';
import { HintsService } from './hints/hints.service.js';
import { type DnsResolver, offlineResolver, systemResolver } from './inbound/authenticity.js';
import { registerInboundJobs } from './inbound/inbound.jobs.js';
import { InboundPipeline } from './inbound/pipeline.js';
import { registerRetentionJobs } from './inbound/retention.jobs.js';
import { registerGmailJobs } from './inbound/sources/gmail/gmail.jobs.js';
import { GmailClient } from './inbound/sources/gmail/gmail-client.js';
import { GmailPushVerifier } from './inbound/sources/gmail/gmail-push.js';
import { GmailSync } from './inbound/sources/gmail/gmail-sync.js';
import { registerInboundSources } from './inbound/sources/index.js';
import { MailConnections } from './inbound/sources/mailboxes/connections.js';
import { MailboxOAuth } from './inbound/sources/mailboxes/mailbox-oauth.js';
import { MicrosoftMailbox } from './inbound/sources/microsoft/graph-sync.js';
import { type InboundSweeper, startInboundSweeper } from './inbound/sweeper.js';
import { JobQueue } from './jobs/queue.js';
import { LaneRefresher } from './lanes/lane-refresher.js';
import { AppError } from './lib/errors.js';
import { completedRequest, loggedUrl, RequestLog } from './lib/request-log.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';
import { serializerCompiler } from './lib/serializer.js';
import { createLimits } from './lib/shared-limits.js';
import { startMailWorker } from './mail/mail.jobs.js';
import { Mailer } from './mail/mailer.js';
import type { OutboxDispatcher } from './mail/outbox-dispatcher.js';
import type { MailTransport } from './mail/transport.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { OidcService } from './modules/auth/oidc.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { carriersRoutes } from './modules/carriers/carriers.routes.js';
import { CarriersService } from './modules/carriers/carriers.service.js';
import { CarrierImportService } from './modules/carriers/import.service.js';
import { comparativeRoutes } from './modules/comparative/comparative.routes.js';
import { ComparativeService } from './modules/comparative/comparative.service.js';
import { comparisonRoutes } from './modules/comparison/comparison.routes.js';
import { ComparisonService } from './modules/comparison/comparison.service.js';
import { PtaxService } from './modules/comparison/ptax.service.js';
import { conversationRoutes } from './modules/conversation/conversation.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { decisionsRoutes } from './modules/decisions/decisions.routes.js';
import { DecisionsService } from './modules/decisions/decisions.service.js';
import { devMailboxRoutes, isMailboxAvailable } from './modules/dev-mailbox/dev-mailbox.routes.js';
import { devMailboxReplyRoutes } from './modules/dev-mailbox/reply.routes.js';
import { CnpjService } from './modules/empresas/cnpj.service.js';
import { empresasRoutes } from './modules/empresas/empresas.routes.js';
import { EmpresasService } from './modules/empresas/empresas.service.js';
import { MembersService } from './modules/empresas/members.service.js';
import { linkInvitedUser } from './modules/empresas/registration-link.js';
import { extractionRoutes } from './modules/extraction/extraction.routes.js';
import { extractionSettingsRoutes } from './modules/extraction-settings/extraction-settings.routes.js';
import { ExtractionSettingsService } from './modules/extraction-settings/extraction-settings.service.js';
import { followUpRoutes } from './modules/follow-up/follow-up.routes.js';
import { FollowUpService } from './modules/follow-up/follow-up.service.js';
import { gmailRoutes } from './modules/gmail/gmail.routes.js';
import { GmailService } from './modules/gmail/gmail.service.js';
import { hintsRoutes } from './modules/hints/hints.routes.js';
import { inboundAdminRoutes } from './modules/inbound-admin/inbound-admin.routes.js';
import { inboundWebhooksRoutes } from './modules/inbound-webhooks/inbound-webhooks.routes.js';
import { indicatorsRoutes } from './modules/indicators/indicators.routes.js';
import { IndicatorsService } from './modules/indicators/indicators.service.js';
import { lanesRoutes } from './modules/lanes/lanes.routes.js';
import { LanesService } from './modules/lanes/lanes.service.js';
import { microsoftMailboxRoutes } from './modules/microsoft-mailbox/microsoft-mailbox.routes.js';
import { portalRoutes } from './modules/portal/portal.routes.js';
import { PortalService } from './modules/portal/portal.service.js';
import { registerQuoteFileJob } from './modules/quotes/quote-file.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { QuotesService } from './modules/quotes/quotes.service.js';
import { ratesRoutes } from './modules/rates/rates.routes.js';
import { RatesService } from './modules/rates/rates.service.js';
import { responsesRoutes } from './modules/responses/responses.routes.js';
import { ResponsesService } from './modules/responses/responses.service.js';
import { APP_VERSION, systemRoutes } from './modules/system/system.routes.js';
import accessPlugin from './plugins/access.js';
import csrf from './plugins/csrf.js';
import errorHandler, { sendProblem, toAppError } from './plugins/error-handler.js';
import inputGuard from './plugins/input-guard.js';
import security from './plugins/security.js';
import { SessionService } from './plugins/sessions.js';
import spa from './plugins/spa.js';

export type BuildAppOptions = {
  config: AppConfig;
  /** An already open database (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Run the background workers in this process (`npm start` does; `npm run worker` runs them alone). */
  workers?: boolean;
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Poll interval of the workers, in seconds (tests use the minimum). */
  workerPollSeconds?: number;
  /** DNS of the inbound sender checks (tests serve records from a table); default from INBOUND_DNS. */
  dnsResolver?: DnsResolver;
};

export type Services = {
  config: AppConfig;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: Mailer;
  sessions: SessionService;
  auth: AuthService;
  passwordReset: PasswordResetService;
  oidc: OidcService;
  rates: RatesService;
  cnpj: CnpjService;
  empresas: EmpresasService;
  members: MembersService;
  transporters: CarriersService;
  carrierImports: CarrierImportService;
  quotes: QuotesService;
  /** The one ingestion pipeline of carrier replies (src/inbound, ADR 0015). */
  inbound: InboundPipeline;
  /** DNS of the inbound SMTP listener's sender checks (ADR 0023). */
  dnsResolver: DnsResolver;
  responses: ResponsesService;
  decisions: DecisionsService;
  /** GET /quotes/{id}/comparison and the comparative documents (ADR 0017). */
  comparison: ComparisonService;
  /** The carrier portal (issue 35): link requests, the token-scoped page and its answers. */
  portal: PortalService;
  /** Seals provider tokens at rest (AES-256-GCM, SECRETS_KEY); undefined in production without a key. */
  secrets: Secrets | undefined;
  /** OAuth-connected mailboxes (Gmail, Microsoft 365): sealed tokens, cursor, state (issue 34). */
  mailConnections: MailConnections;
  /** Gmail: sync of connected mailboxes (poller, push, 'Sincronizar agora'), a SourceStatusProvider. */
  gmailSync: GmailSync;
  /** Gmail: the settings' mail integration and the push (ADR 0027). */
  gmail: GmailService;
  /** The Microsoft 365 mailbox source: connect, delta sync, change notifications (ADR 0028). */
  microsoftMailbox: MicrosoftMailbox;
  /** Lane points from marked quotes' comparisons (issue 36, ADR 0030). */
  laneRefresher: LaneRefresher;
  /** Response-time indicators, their tables kept per company and filters (ADR 0031). */
  indicators: IndicatorsService;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Readable lines for a person at a terminal; JSON lines (one object each) for everything else. */
export function usesPrettyLog(config: AppConfig, isTTY = Boolean(process.stdout.isTTY)): boolean {
  return isTTY && !config.isProduction;
}

export function defaultLogger(
  config: AppConfig,
  isTTY = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(usesPrettyLog(config, isTTY)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
  };
}

/**
 * Fastify's own per-request log lines are off; `completed` (set once the app's logger exists) writes the
 * one line of an answered request. Fastify calls `requestCompleted` for every answer (finished or failed)
 * at the point where it runs the onResponse hooks, so the line needs no hook: an onResponse hook, even an
 * empty one, cost 3 µs of the 28 µs a bare hello-world takes per request (ADR 0014, P2).
 */
class AccessLogController extends LogController {
  completed?: (request: FastifyRequest, reply: FastifyReply) => void;

  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    // Called from the response's 'finish' listener, where a throw would be uncaught: a line that cannot
    // be written is reported, never fatal.
    try {
      this.completed?.(request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'request log line not written');
    }
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // A request's id (in its log line and audit rows): this app's random prefix and a counter, unique
  // across replicas and restarts without a UUID's random read per request (ADR 0014, P2).
  const requestIdPrefix = randomBytes(6).toString('hex');
  let requestCount = 0;
  const logController = new AccessLogController();
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{8,64}$/.test(incoming)
        ? incoming
        : `${requestIdPrefix}-${(++requestCount).toString(36)}`;
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // A path that is not valid UTF-8 (e.g. %ED%A0%80) is refused by the router before any hook runs.
    frameworkErrors: (error, _request, reply) => {
      sendProblem(reply, error.code === 'FST_ERR_BAD_URL' ? new AppError('URL_INVALID') : toAppError(error));
    },
    // One line per request, when it is answered (below), instead of Fastify's two (received, answered).
    logController,
  }).withTypeProvider<ZodTypeProvider>();
  if (!options.logger && usesPrettyLog(config)) {
    // At a terminal: a short readable line.
    logController.completed = (request, reply) =>
      request.log.info(
        `${request.method} ${loggedUrl(request.url)} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`,
      );
  } else if (options.logger === undefined ? config.LOG_LEVEL !== 'silent' : options.logger !== false) {
    // Structured: what Fastify's 'incoming request' and 'request completed' lines held, in one line of
    // flat fields (no serializer or redaction pass over the request object). With pino (the app's own
    // logger), the same line is formatted from a template and written in batches (RequestLog, ADR 0014
    // addendum 5); through request.log otherwise.
    const requestLog = RequestLog.forLogger(app.log);
    if (requestLog) {
      logController.completed = (request, reply) => requestLog.add(completedRequest(request, reply));
      app.addHook('onClose', (_instance, done) => {
        requestLog.close();
        done();
      });
    } else {
      logController.completed = (request, reply) => {
        const { reqId: _reqId, ...fields } = completedRequest(request, reply);
        request.log.info(fields, 'request completed');
      };
    }
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
    ));

  // Limiter counters and the sign-in throttle: in PostgreSQL shared by the replicas, else in memory.
  const limits = createLimits(database, app.log);
  const jobs = new JobQueue(database, app.log, { workers: options.workers ?? false });
  const mailer = new Mailer(database.db, config, app.log, options.mailTransport);
  const sessions = new SessionService(database.db, config);
  const cnpj = new CnpjService(config.CNPJ_API_URL, config.HTTP_TIMEOUT_MS, app.log);
  const inbound = new InboundPipeline(database.db, config, jobs, mailer, app.log);
  const rates = new RatesService(config.RATES_API_URL, config.HTTP_TIMEOUT_MS, app.log);
  const responses = new ResponsesService(database.db, config, inbound);
  const quotes = new QuotesService(database.db, config, mailer, jobs);
  const comparison = new ComparisonService(
    database.db,
    (tenant, cotacaoId) => responses.listStamped(tenant, cotacaoId),
    new PtaxService(config.PTAX_API_URL, config.HTTP_TIMEOUT_MS, app.log),
  );
  const secrets = loadSecrets(config);
  const mailConnections = new MailConnections(database.db, secrets);
  const gmailOAuth = new MailboxOAuth('gmail', database.db, config, secrets, mailConnections);
  const gmailClient = new GmailClient(config.GMAIL_API_URL, config.HTTP_TIMEOUT_MS);
  const gmailSync = new GmailSync(
    mailConnections,
    gmailOAuth,
    gmailClient,
    inbound,
    app.log.child({ source: 'gmail' }),
  );
  const microsoftMailbox = new MicrosoftMailbox({
    connections: mailConnections,
    oauth: new MailboxOAuth('microsoft', database.db, config, secrets, mailConnections),
    pipeline: inbound,
    graphUrl: config.GRAPH_API_URL,
    timeoutMs: config.HTTP_TIMEOUT_MS,
    notificationUrl: config.microsoftNotificationUrl,
    log: app.log.child({ source: 'microsoft' }),
  });
  const laneRefresher = new LaneRefresher(
    database.db,
    (tenant, cotacaoId) => comparison.withoutLanes(tenant, cotacaoId, DEFAULT_EXCHANGE_MARGIN),
    app.log.child({ source: 'lanes' }),
  );
  const services: Services = {
    config,
    secrets,
    mailConnections,
    gmailSync,
    gmail: new GmailService(
      database.db,
      config,
      mailConnections,
      gmailOAuth,
      gmailClient,
      gmailSync,
      new GmailPushVerifier(config, gmailOAuth),
      (actor, key) => new ConversationService(database.db, config).download(actor, key),
    ),
    microsoftMailbox,
    database,
    jobs,
    mailer,
    sessions,
    auth: new AuthService(database.db, config, sessions, mailer, linkInvitedUser, limits),
    oidc: new OidcService(database.db, config, linkInvitedUser),
    passwordReset: new PasswordResetService(database.db, config, sessions, mailer, limits),
    rates,
    cnpj,
    empresas: new EmpresasService(database.db, cnpj, sessions),
    members: new MembersService(database.db, config, sessions, mailer),
    transporters: new CarriersService(database.db),
    carrierImports: new CarrierImportService(database.db, () => database.analyze()),
    inbound,
    dnsResolver:
      options.dnsResolver ??
      (config.INBOUND_DNS === 'system' ? systemResolver(config.HTTP_TIMEOUT_MS) : offlineResolver),
    responses,
    comparison,
    quotes,
    // The request's PDF on the portal page is the one the e-mail carried (the quotes module renders it).
    portal: new PortalService(database.db, config, mailer, inbound, limits, (tenant, cotacaoId) =>
      quotes.pdfFor(tenant, cotacaoId),
    ),
    laneRefresher,
    indicators: new IndicatorsService(database.db, config.SUMMARY_MAX_AGE_MS),
    decisions: new DecisionsService(database.db, config, mailer, {
      readResponses: (tenant, cotacaoId) => responses.listForTenant(tenant, cotacaoId),
      agreedComparison: (tenant, cotacaoId, exchangeMargin) =>
        comparison.forQuote(tenant, cotacaoId, exchangeMargin),
    }),
  };
  app.decorate('services', services);

  let outbox: OutboxDispatcher | undefined;
  let sweeper: InboundSweeper | undefined;
  let sandbox: ExtractionSandbox | undefined;
  app.addHook('onReady', async () => {
    await sessions.start(database);
    await jobs.start();
    if (options.workers) {
      const pollSeconds = options.workerPollSeconds ?? 2;
      // On the embedded database this process is the only worker: claims left by a crash are released.
      outbox = await startMailWorker(mailer, database, app.log, {
        concurrency: config.MAIL_CONCURRENCY,
        pollSeconds,
        releaseAllClaims: database.kind === 'pglite',
      });
      sandbox = new ExtractionSandbox({
        workers: config.EXTRACTION_WORKERS,
        timeoutMs: config.EXTRACTION_TIMEOUT_MS,
        heapMb: config.EXTRACTION_HEAP_MB,
      });
      await registerInboundJobs(jobs, database.db, sandbox, {
        pollSeconds,
        workers: config.EXTRACTION_WORKERS,
        logger: app.log.child({ source: 'extraction' }),
        llm: config.extractionLlm,
      });
      sweeper = startInboundSweeper(
        inbound,
        app.log.child({ source: 'inbound-sweeper' }),
        pollSeconds * 1000,
      );
      await registerQuoteFileJob(
        jobs,
        database.db,
        sandbox,
        pollSeconds,
        app.log.child({ source: 'quote-file' }),
      );
      await registerDeadlineJobs(jobs, database.db, app.log, pollSeconds, {
        mailer,
        config,
        // The summary's figures are the Comparação tab's (ADR 0026): the comparison service itself.
        comparison: (tenant, cotacaoId) => comparison.forQuote(tenant, cotacaoId, DEFAULT_EXCHANGE_MARGIN),
      });
      await registerRetentionJobs(jobs, database.db, config.INBOUND_RETENTION_DAYS, app.log, pollSeconds);
      if (config.google)
        await registerGmailJobs(jobs, () => services.gmail.renewWatches(), app.log, pollSeconds);
      laneRefresher.start(pollSeconds * 1000);
    }
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await laneRefresher.stop();
    await inbound.drain();
    await outbox?.stop();
    await sessions.stop();
    await jobs.stop();
    await limits.close();
    await sandbox?.close();
    mailer.close();
    if (ownsDatabase) await database.close();
  });
  const inboundSources = registerInboundSources(app, {
    workers: options.workers ?? false,
    pollSeconds: options.workerPollSeconds,
  });

  // API answers above 1 kB go out compressed for clients that accept it; a fast brotli level, since they
  // are compressed per request (static files were compressed once at build time).
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are never accepted compressed: no inflating of client data, no hook per request.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(cookie);
  await app.register(security, { config, limits });
  await app.register(csrf, { config });
  await app.register(accessPlugin, { sessions });
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5, fields: 50, parts: 60 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sistema de Cotações API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        config,
        database,
        isProviderConfigured: (provider) => services.oidc.isConfigured(provider),
        isMailboxAvailable: () => isMailboxAvailable(config),
      });
      await api.register(authRoutes, {
        config,
        auth: services.auth,
        passwordReset: services.passwordReset,
        oidc: services.oidc,
      });
      await api.register(ratesRoutes, { rates: services.rates });
      await api.register(devMailboxRoutes, { config });
      await api.register(devMailboxReplyRoutes, { config, pipeline: services.inbound });
      await api.register(extractionRoutes);
      await api.register(empresasRoutes, { empresas: services.empresas, members: services.members });
      await api.register(carriersRoutes, {
        transporters: services.transporters,
        imports: services.carrierImports,
      });
      await api.register(quotesRoutes, { quotes: services.quotes });
      await api.register(responsesRoutes, { responses: services.responses });
      await api.register(portalRoutes, { portal: services.portal, config });
      await api.register(decisionsRoutes, { decisions: services.decisions });
      await api.register(comparisonRoutes, { comparison: services.comparison });
      await api.register(comparativeRoutes, {
        // The documents are rendered from exactly the comparison the Comparação tab shows (ADR 0020).
        comparative: new ComparativeService(database.db, config, mailer, (tenant, cotacaoId, margin) =>
          services.comparison.forQuote(tenant, cotacaoId, margin),
        ),
      });
      await api.register(inboundAdminRoutes, {
        config,
        db: database.db,
        sources: inboundSources,
        pipeline: services.inbound,
      });
      await api.register(inboundWebhooksRoutes, {
        config,
        ingress: inboundSources.webhooks,
        counters: limits.counters,
      });
      await api.register(conversationRoutes, { conversation: new ConversationService(database.db, config) });
      await api.register(dashboardRoutes, {
        dashboard: new DashboardService(database.db, config.SUMMARY_MAX_AGE_MS),
      });
      await api.register(indicatorsRoutes, {
        indicators: services.indicators,
      });
      await api.register(lanesRoutes, { lanes: new LanesService(database.db, laneRefresher) });
      await api.register(hintsRoutes, { hints: new HintsService(database.db) });
      await api.register(microsoftMailboxRoutes, { mailbox: services.microsoftMailbox });
      await api.register(followUpRoutes, { followUp: new FollowUpService(database.db, { mailer, config }) });
      await api.register(gmailRoutes, { gmail: services.gmail });
      await api.register(extractionSettingsRoutes, {
        extractionSettings: new ExtractionSettingsService(database.db, config.extractionLlm),
      });
    },
    { prefix: '/api' },
  );

  await app.register(spa, { distDir: config.WEB_DIST_DIR ?? webDist });
  return app;
}
