import { describe, expect, it } from 'vitest';
import { defaultLogger, usesPrettyLog } from './app.js';
import { parseConfig } from './config/env.js';
import { startupBanner } from './startup-banner.js';

const config = (env: Record<string, string> = {}) =>
  parseConfig({ DATA_DIR: '/srv/cotacoes', PORT: '3000', HOST: '0.0.0.0', MAIL_TRANSPORT: 'local', ...env });

describe('npm start output', () => {
  it('is readable at a terminal and JSON otherwise (and always JSON in production)', () => {
    expect(usesPrettyLog(config(), true)).toBe(true);
    expect(usesPrettyLog(config(), false)).toBe(false);
    expect(usesPrettyLog(config({ NODE_ENV: 'production' }), true)).toBe(false);
    expect(defaultLogger(config(), true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(defaultLogger(config(), false)).not.toHaveProperty('transport');
  });

  it('opens with a short banner: the address, the demo sign-in and where local mail goes', () => {
    const banner = startupBanner(config(), { demo: true });
    expect(banner).toContain('Open      http://localhost:3000');
    expect(banner).toContain('Sign in   demo@cotacoes.local / Cotacao2026');
    expect(banner).toContain('/srv/cotacoes/mail/sent, readable at http://localhost:3000/dev/mailbox');
    expect(banner.split('\n').length).toBeLessThanOrEqual(10);
    expect(banner.trim().startsWith('{')).toBe(false);
    const smtp = startupBanner(config({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25' }), {
      demo: false,
    });
    expect(smtp).not.toContain('Sign in');
    expect(smtp).toContain('sent through SMTP_URL');
  });
});
