import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { GmailPoller } from './gmail/gmail-poller.js';
import { ImapSource, parseImapUrl } from './imap.js';
import { MicrosoftPoller, MicrosoftStatusProvider } from './microsoft/microsoft-source.js';
import { registerMicrosoftSubscriptionJobs } from './microsoft/subscriptions.jobs.js';
import { type InboundSmtp, startInboundSmtp } from './smtp.js';
import type { SourceStatusProvider } from './source.js';
import { imapStatusProvider, smtpStatusProvider } from './status.js';
import { WebhookIngress, webhookStatusProvider } from './webhooks/ingress.js';

/** What the running sources report (GET /api/inbound/status) and take (the provider webhooks). */
export type InboundSources = {
  /** The `mailbox_state` id of the configured IMAP folder, when IMAP_URL is set. */
  imapMailboxId: string | null;
  /** The port the inbound SMTP listener is bound to, while it listens. */
  smtpPort(): number | null;
  /** The provider webhooks' way into the pipeline (modules/inbound-webhooks). */
  webhooks: WebhookIngress;
  /** One per kind of source, in the order the status view lists them (issue 34 §4). */
  providers: SourceStatusProvider[];
};

/**
 * Starts the real-mailbox sources of this process with the app and stops them before it closes:
 * IMAP (only in a process that runs workers; the lease keeps it to one process at a time), the
 * inbound SMTP listener (wherever INBOUND_SMTP_PORT is set, like the HTTP port), the Gmail poller
 * (workers, when Google is configured; ADR 0027) and the Microsoft 365 poller and renewal job (workers;
 * ADR 0028). Builds the status providers of every source;
 * `options.providers` appends more (a connected mailbox kind, a test).
 */
export function registerInboundSources(
  app: FastifyInstance,
  options: { workers: boolean; pollSeconds?: number; providers?: SourceStatusProvider[] },
): InboundSources {
  const { config, database, inbound } = app.services;
  let imap: ImapSource | undefined;
  let smtp: InboundSmtp | undefined;
  let gmail: GmailPoller | undefined;
  let microsoft: MicrosoftPoller | undefined;
  app.addHook('onReady', async () => {
    const { microsoftMailbox, jobs } = app.services;
    if (options.workers) {
      // Microsoft 365 mailboxes (ADR 0028): the delta-sync poller and the subscription renewal job.
      microsoft = new MicrosoftPoller(
        microsoftMailbox,
        config.MICROSOFT_POLL_SECONDS,
        app.log.child({ source: 'microsoft' }),
      );
      microsoft.start();
      await registerMicrosoftSubscriptionJobs(jobs, microsoftMailbox, app.log, options.pollSeconds ?? 2);
    }
    if (options.workers && config.IMAP_URL) {
      imap = new ImapSource({
        db: database.db,
        pipeline: inbound,
        url: config.IMAP_URL,
        pollSeconds: config.IMAP_POLL_SECONDS,
        log: app.log.child({ source: 'imap' }),
      });
      imap.start();
    }
    if (options.workers && config.google) {
      gmail = new GmailPoller(
        app.services.gmailSync,
        config.GMAIL_POLL_SECONDS,
        app.log.child({ source: 'gmail' }),
      );
      gmail.start();
    }
    if (config.INBOUND_SMTP_PORT !== undefined) {
      smtp = await startInboundSmtp({
        port: config.INBOUND_SMTP_PORT,
        host: config.INBOUND_SMTP_HOST,
        replyAddress: config.MAIL_REPLY_ADDRESS,
        maxPerAddress: config.INBOUND_SMTP_MAX_PER_ADDRESS,
        dnsResolver: app.services.dnsResolver,
        pipeline: inbound,
        log: app.log.child({ source: 'smtp' }),
        tls:
          config.INBOUND_SMTP_TLS_CERT && config.INBOUND_SMTP_TLS_KEY
            ? {
                cert: fs.readFileSync(config.INBOUND_SMTP_TLS_CERT),
                key: fs.readFileSync(config.INBOUND_SMTP_TLS_KEY),
              }
            : undefined,
      });
    }
  });
  // preClose runs before every onClose hook, so the database is still open to release the lease.
  app.addHook('preClose', async () => {
    // Pushes and 'Sincronizar' runs of this process finish before the database closes.
    await Promise.all([
      imap?.stop(),
      smtp?.close(),
      gmail?.stop(),
      microsoft?.stop(),
      app.services.gmailSync.drain(),
    ]);
    await app.services.microsoftMailbox.close();
    imap = undefined;
    gmail = undefined;
    microsoft = undefined;
    smtp = undefined;
  });

  const smtpPort = () => smtp?.port ?? null;
  const webhooks = new WebhookIngress(inbound, app.log.child({ source: 'webhook' }));
  // The status view's rows, in this order. A new kind of source adds its provider here (one line; see
  // docs/architecture.md "Inbound sources: where the next source goes").
  const providers: SourceStatusProvider[] = [
    ...(config.IMAP_URL ? [imapStatusProvider(database.db, config.IMAP_URL, () => imap)] : []),
    smtpStatusProvider(database.db, smtpPort, () => smtp?.lastRefusal() ?? null),
    webhookStatusProvider(database.db, config, webhooks),
    app.services.gmailSync,
    new MicrosoftStatusProvider(app.services.microsoftMailbox),
    ...(options.providers ?? []),
  ];
  return {
    imapMailboxId: config.IMAP_URL ? parseImapUrl(config.IMAP_URL).id : null,
    smtpPort,
    webhooks,
    providers,
  };
}
