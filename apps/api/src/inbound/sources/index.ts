import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ImapSource, parseImapUrl } from './imap.js';
import { MicrosoftPoller } from './microsoft/microsoft-source.js';
import { registerMicrosoftSubscriptionJobs } from './microsoft/subscriptions.jobs.js';
import { type InboundSmtp, startInboundSmtp } from './smtp.js';

/** What the running sources report (GET /api/inbound/status). */
export type InboundSources = {
  /** The `mailbox_state` id of the configured IMAP folder, when IMAP_URL is set. */
  imapMailboxId: string | null;
  /** The port the inbound SMTP listener is bound to, while it listens. */
  smtpPort(): number | null;
};

/**
 * Starts the real-mailbox sources of this process with the app and stops them before it closes:
 * IMAP (only in a process that runs workers; the lease keeps it to one process at a time) and the
 * inbound SMTP listener (wherever INBOUND_SMTP_PORT is set, like the HTTP port).
 */
export function registerInboundSources(
  app: FastifyInstance,
  options: { workers: boolean; pollSeconds?: number },
): InboundSources {
  const { config } = app.services;
  let imap: ImapSource | undefined;
  let smtp: InboundSmtp | undefined;
  let microsoft: MicrosoftPoller | undefined;
  app.addHook('onReady', async () => {
    const { database, inbound, microsoftMailbox, jobs } = app.services;
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
    await Promise.all([imap?.stop(), smtp?.close(), microsoft?.stop()]);
    await app.services.microsoftMailbox.close();
    imap = undefined;
    microsoft = undefined;
    smtp = undefined;
  });
  return {
    imapMailboxId: config.IMAP_URL ? parseImapUrl(config.IMAP_URL).id : null,
    smtpPort: () => smtp?.port ?? null,
  };
}
