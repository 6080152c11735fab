import { formatMessage, emailMessages as m } from '@cotacoes/shared';

export type RenderedMail = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** Wraps paragraphs (and an optional highlighted block) in the product's simple e-mail layout. */
function layout(title: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const box = highlight
    ? `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;color:#1d4ed8">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:22px;color:#1e3a8a">${escapeHtml(title)}</h1>${box}${body}
<p style="margin:32px 0 0;color:#64748b;font-size:13px">${escapeHtml(m.signature)}</p></td></tr></table>
</td></tr></table></body></html>`;
}

function textOf(title: string, paragraphs: string[], highlight?: string): string {
  return [
    title,
    '',
    ...(highlight ? [highlight, ''] : []),
    ...paragraphs.flatMap((p) => [p, '']),
    m.signature,
  ].join('\n');
}

function render(subject: string, title: string, paragraphs: string[], highlight?: string): RenderedMail {
  return { subject, text: textOf(title, paragraphs, highlight), html: layout(title, paragraphs, highlight) };
}

export const mailTemplates = {
  verificationCode(params: { code: string; minutes: number }): RenderedMail {
    return render(
      formatMessage(m.verificationSubject, { code: params.code }),
      m.verificationTitle,
      [
        m.verificationIntro,
        formatMessage(m.verificationExpiry, { minutes: params.minutes }),
        m.verificationIgnore,
      ],
      params.code,
    );
  },
  alreadyRegistered(params: { loginUrl: string }): RenderedMail {
    return render(m.alreadyRegisteredSubject, m.alreadyRegisteredSubject, [
      m.alreadyRegisteredIntro,
      formatMessage(m.alreadyRegisteredAction, { url: params.loginUrl }),
      m.verificationIgnore,
    ]);
  },
  passwordChanged(): RenderedMail {
    return render(m.passwordChangedSubject, m.passwordChangedSubject, [
      m.passwordChangedIntro,
      m.passwordChangedWarning,
    ]);
  },
};
