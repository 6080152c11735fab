import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'use true ou false / use true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .url({ error: 'URL inválida / invalid URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'deve ser um número / must be a number' })
      .int()
      .min(0)
      .max(65535)
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// / must start with postgres://' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'nome de schema inválido / invalid schema name' })
      .default('public'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_TRANSPORT: z
      .enum(['local', 'smtp'], { error: 'use local ou smtp / use local or smtp' })
      .default('local'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, {
        error: 'deve começar com smtp:// ou smtps:// / must start with smtp:// or smtps://',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Outgoing messages in flight at once (ADR 0014). */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    MAIL_FROM: z.string().min(3).default('Sistema de Cotações <nao-responda@cotacoes.local>'),
    SUPPORT_EMAIL: z.email().default('suporte@cotacoes.local'),
    /**
     * Where carriers' replies go: each request carries `local+<token>@domain` (plus addressing) so that a
     * reply names its quote and carrier without guessing.
     */
    MAIL_REPLY_ADDRESS: z.email().default('cotacoes@cotacoes.local'),
    ADMIN_EMAILS: commaList,
    /** The mailbox behind MAIL_REPLY_ADDRESS, read over IMAP by the workers (issue 19 §2a). */
    IMAP_URL: z
      .string()
      .regex(/^imaps?:\/\/[^@/]+@[^/]+/, {
        error:
          'deve ser imap(s)://usuario:senha@host[:porta][/pasta] / must be imap(s)://user:password@host[:port][/folder]',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    IMAP_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Inbound SMTP listener for MX or a relay pointed at the product; unset = off (issue 19 §2b). */
    INBOUND_SMTP_PORT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'deve ser um número / must be a number' }).int().min(0).max(65535).optional(),
    ),
    INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    /** PEM files that turn STARTTLS on for the inbound SMTP listener (both or neither). */
    INBOUND_SMTP_TLS_CERT: z.string().optional(),
    INBOUND_SMTP_TLS_KEY: z.string().optional(),
    /**
     * LGPD retention: the raw messages and attachments of a quote closed (approved, closed, cancelled or
     * deleted) more than this many days ago are purged by a daily job; figures and conversation text stay.
     */
    INBOUND_RETENTION_DAYS: z.coerce
      .number({ error: 'deve ser um número / must be a number' })
      .int()
      .min(1)
      .max(36_500)
      .default(365),
    /** Child processes that read replies' files, each with a heap cap and a time limit (issue 29, ADR 0022). */
    EXTRACTION_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(32)
      .default(Math.max(1, Math.min(4, os.availableParallelism()))),
    EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    EXTRACTION_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(512),
    /**
     * The optional AI pass of the extraction (issue 32 item 3, ADR 0100 addendum): an OpenAI-compatible
     * endpoint (OpenAI, Azure OpenAI, Ollama, vLLM: POST {url}/chat/completions). All three set, and a
     * company that turned it on, or no request is made.
     */
    EXTRACTION_LLM_URL: z.url().optional(),
    EXTRACTION_LLM_MODEL: z.string().min(1).optional(),
    EXTRACTION_LLM_API_KEY: z.string().min(1).optional(),
    EXTRACTION_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    /** Connections one client address may hold open to the inbound SMTP listener at once. */
    INBOUND_SMTP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(5),
    /**
     * DNS of the inbound SMTP listener's sender checks (DKIM, SPF, DMARC; ADR 0023): `system` asks the
     * machine's resolver; `offline` makes no lookup (the verdict stays unknown). Default: `system` with
     * DATABASE_URL (a server deployment), `offline` with the embedded database.
     */
    INBOUND_DNS: z.enum(['system', 'offline']).optional(),
    /**
     * authserv-ids whose `Authentication-Results` header is trusted on mail read over IMAP (and webhooks):
     * the receiving server in front of the mailbox, e.g. `mx.google.com`. Empty: no header is trusted.
     */
    INBOUND_TRUSTED_AUTHSERV_IDS: commaList,
    /**
     * Provider inbound webhooks (issue 34 §3, ADR 0029). Mailgun: the account's HTTP webhook signing key
     * (HMAC-SHA256 of timestamp+token). SendGrid and Postmark: HTTP basic-auth credentials written into
     * the webhook URL. A provider whose secret is unset answers 404.
     */
    MAILGUN_SIGNING_KEY: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    INBOUND_WEBHOOK_USER: z
      .string()
      .regex(/^[^:]+$/, { error: 'não pode conter ":" / must not contain ":"' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    INBOUND_WEBHOOK_PASSWORD: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The largest webhook request taken (the message with its attachments, as the provider posts it). */
    INBOUND_WEBHOOK_MAX_MB: z.coerce.number().int().min(1).max(100).default(25),
    SEED_DEMO: booleanFromEnv.default(true),
    RATES_API_URL: z.url().default('https://economia.awesomeapi.com.br'),
    /** Banco Central PTAX (Olinda OData): the USD selling rate of the comparison's totals (ADR 0017). */
    PTAX_API_URL: z.url().default('https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata'),
    CNPJ_API_URL: z.url().default('https://brasilapi.com.br/api/cnpj/v1'),
    HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    /** The Gmail REST API (issue 34); tests point it at a local fake. */
    GMAIL_API_URL: z.url().default('https://gmail.googleapis.com'),
    /** How often the workers sync each connected Gmail mailbox (push notifications, when set up, come sooner). */
    GMAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Gmail push (POST /api/gmail/push): the audience of the Pub/Sub push subscription's OIDC token, and
     * the service account that must have signed it (optional). Without an audience every push is refused.
     */
    GMAIL_PUSH_AUDIENCE: z.string().optional(),
    GMAIL_PUSH_SERVICE_ACCOUNT: z.string().optional(),
    MICROSOFT_CLIENT_ID: z.string().optional(),
    MICROSOFT_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_TENANT: z.string().default('common'),
    MICROSOFT_ISSUER_URL: z.url().optional(),
    /** Microsoft Graph (issue 34 part 2: the Microsoft 365 mailbox); tests point it at a local fake. */
    GRAPH_API_URL: z.url().default('https://graph.microsoft.com/v1.0'),
    /** Delta sync of each connected Microsoft 365 mailbox at least this often (change notifications come sooner). */
    MICROSOFT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * Where Graph posts change notifications (public HTTPS; Graph refuses http). Default: APP_URL +
     * /api/microsoft/notifications when APP_URL is https; otherwise no subscription (delta polling only).
     */
    MICROSOFT_NOTIFICATION_URL: z.url().optional(),
    /**
     * The key that seals stored provider tokens (AES-256-GCM, `lib/secrets.ts`): 32 bytes as base64 or
     * 64 hex characters. Rotation: move the old key to SECRETS_KEY_PREVIOUS, set the new one; values are
     * read with either and re-sealed with the new one on their next write. Without it, a development
     * machine keeps a generated key in DATA_DIR/secrets.key; production refuses to store tokens.
     */
    SECRETS_KEY: z.string().optional(),
    SECRETS_KEY_PREVIOUS: z.string().optional(),
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 90)
      .default(72),
    SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(30),
    /** How long a process trusts a resolved session without reading it again (ADR 0014); 0 = off. */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /**
     * How old the dashboard and the indicators table a process answers may be (ADR 0031): read at most
     * once per company and filters in this window, the time of the read shown on screen; 0 = every time.
     */
    SUMMARY_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    TRUST_PROXY: booleanFromEnv.default(false),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.INBOUND_SMTP_TLS_CERT) !== Boolean(env.INBOUND_SMTP_TLS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.INBOUND_SMTP_TLS_CERT ? 'INBOUND_SMTP_TLS_KEY' : 'INBOUND_SMTP_TLS_CERT'],
        message:
          'INBOUND_SMTP_TLS_CERT e INBOUND_SMTP_TLS_KEY vão juntas / INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together',
      });
    }
    if (Boolean(env.INBOUND_WEBHOOK_USER) !== Boolean(env.INBOUND_WEBHOOK_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.INBOUND_WEBHOOK_USER ? 'INBOUND_WEBHOOK_PASSWORD' : 'INBOUND_WEBHOOK_USER'],
        message:
          'INBOUND_WEBHOOK_USER e INBOUND_WEBHOOK_PASSWORD vão juntas / INBOUND_WEBHOOK_USER and INBOUND_WEBHOOK_PASSWORD go together',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'obrigatório quando MAIL_TRANSPORT=smtp / required when MAIL_TRANSPORT=smtp',
      });
    }
  });

export type AppConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuração inválida / invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
}

/** Reads and validates the environment once; every bad key is listed. */
export function parseConfig(source: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = result.data;
  // Relative paths are read from where the operator ran npm (INIT_CWD), not from the workspace npm enters.
  const baseDir = source.INIT_CWD || process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: env.WEB_DIST_DIR ? path.resolve(baseDir, env.WEB_DIST_DIR) : undefined,
    INBOUND_SMTP_TLS_CERT: env.INBOUND_SMTP_TLS_CERT
      ? path.resolve(baseDir, env.INBOUND_SMTP_TLS_CERT)
      : undefined,
    INBOUND_SMTP_TLS_KEY: env.INBOUND_SMTP_TLS_KEY
      ? path.resolve(baseDir, env.INBOUND_SMTP_TLS_KEY)
      : undefined,
    APP_URL: appUrl,
    isProduction: env.NODE_ENV === 'production',
    isEmbeddedDatabase: !env.DATABASE_URL,
    INBOUND_DNS: env.INBOUND_DNS ?? (env.DATABASE_URL ? 'system' : 'offline'),
    mailSentDir: path.join(dataDir, 'mail', 'sent'),
    microsoftNotificationUrl:
      env.MICROSOFT_NOTIFICATION_URL ??
      (appUrl.startsWith('https://') ? `${appUrl}/api/microsoft/notifications` : undefined),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER_URL,
          }
        : undefined,
    /** The AI pass's endpoint, when the server has all of it (its URL and key never leave the server). */
    extractionLlm:
      env.EXTRACTION_LLM_URL && env.EXTRACTION_LLM_MODEL && env.EXTRACTION_LLM_API_KEY
        ? {
            baseUrl: env.EXTRACTION_LLM_URL,
            model: env.EXTRACTION_LLM_MODEL,
            apiKey: env.EXTRACTION_LLM_API_KEY,
            timeoutMs: env.EXTRACTION_LLM_TIMEOUT_MS,
          }
        : undefined,
    microsoft:
      env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: env.MICROSOFT_CLIENT_SECRET,
            issuer:
              env.MICROSOFT_ISSUER_URL ?? `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`,
          }
        : undefined,
  };
}
