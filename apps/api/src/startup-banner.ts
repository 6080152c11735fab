import type { AppConfig } from './config/env.js';
import { DEMO_ACCOUNT } from './seed/demo.js';

/** The address a person opens: 'localhost' for the loopback and wildcard hosts. */
export function publicUrl(config: AppConfig): string {
  const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** What someone who just ran `npm start` needs: where to open, how to sign in, where mail goes. */
export function startupBanner(config: AppConfig, options: { demo: boolean }): string {
  const url = publicUrl(config);
  const lines = [
    '',
    '  Sistema de Cotações is running',
    '',
    `  Open      ${url}`,
    ...(options.demo ? [`  Sign in   ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (demo account)`] : []),
    config.MAIL_TRANSPORT === 'local'
      ? `  Mail      not sent out: written to ${config.mailSentDir}, readable at ${url}/dev/mailbox`
      : '  Mail      sent through SMTP_URL',
    '  Stop      Ctrl+C',
    '',
  ];
  return lines.join('\n');
}
