import { formatMessage, emailMessages as m, portalLinkEmailMessages } from '@cotacoes/shared';
import { escapeHtml } from '../lib/html.js';

export type RenderedMail = { subject: string; text: string; html: string };

/** A button under the text; the text version shows the label and the address. */
type MailAction = { label: string; url: string };
/** The e-mail's language (its html lang) and signature: pt-BR unless a carrier reads English. */
type MailFrame = { lang: string; signature: string };
const PT_FRAME: MailFrame = { lang: 'pt-BR', signature: m.signature };

/**
 * Wraps paragraphs (and an optional highlighted block or button) in the product's simple e-mail layout.
 * A highlighted block (a code) follows the first paragraph, which introduces it ('Use o código abaixo').
 */
function layout(
  title: string,
  paragraphs: string[],
  highlight?: string,
  action?: MailAction,
  frame: MailFrame = PT_FRAME,
): string {
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const box = highlight
    ? `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;color:#1d4ed8">${escapeHtml(highlight)}</p>`
    : '';
  const [first = '', ...rest] = paragraphs;
  const body = highlight
    ? `${paragraph(first)}${box}${rest.map(paragraph).join('')}`
    : paragraphs.map(paragraph).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#64748b;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="${frame.lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:22px;color:#1e3a8a">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;color:#64748b;font-size:13px">${escapeHtml(frame.signature)}</p></td></tr></table>
</td></tr></table></body></html>`;
}

function textOf(
  title: string,
  paragraphs: string[],
  highlight?: string,
  action?: MailAction,
  frame: MailFrame = PT_FRAME,
): string {
  const [first, ...rest] = paragraphs;
  const ordered = highlight && first !== undefined ? [first, highlight, ...rest] : paragraphs;
  return [
    title,
    '',
    ...ordered.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    frame.signature,
  ].join('\n');
}

function render(
  subject: string,
  title: string,
  paragraphs: string[],
  highlight?: string,
  action?: MailAction,
  frame: MailFrame = PT_FRAME,
): RenderedMail {
  return {
    subject,
    text: textOf(title, paragraphs, highlight, action, frame),
    html: layout(title, paragraphs, highlight, action, frame),
  };
}

const roleLabel = (role: 'supervisor' | 'analista') =>
  role === 'supervisor' ? m.roleSupervisor : m.roleAnalista;

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
  invite(params: {
    empresa: string;
    inviter: string;
    role: 'supervisor' | 'analista';
    email: string;
    url: string;
  }): RenderedMail {
    const values = { ...params, role: roleLabel(params.role) };
    return render(
      formatMessage(m.inviteSubject, values),
      m.inviteTitle,
      [formatMessage(m.inviteIntro, values), formatMessage(m.inviteAction, values), m.inviteIgnore],
      undefined,
      { label: m.inviteButton, url: params.url },
    );
  },
  linked(params: {
    empresa: string;
    inviter: string;
    role: 'supervisor' | 'analista';
    url: string;
  }): RenderedMail {
    const values = { ...params, role: roleLabel(params.role) };
    const subject = formatMessage(m.linkedSubject, values);
    return render(subject, subject, [formatMessage(m.linkedIntro, values)], undefined, {
      label: m.linkedButton,
      url: params.url,
    });
  },
  joinRequested(params: { empresa: string; name: string; email: string; url: string }): RenderedMail {
    const subject = formatMessage(m.joinRequestedSubject, params);
    return render(
      subject,
      subject,
      [formatMessage(m.joinRequestedIntro, params), m.joinRequestedAction],
      undefined,
      { label: m.joinRequestedButton, url: params.url },
    );
  },
  joinApproved(params: { empresa: string; role: 'supervisor' | 'analista'; url: string }): RenderedMail {
    const values = { ...params, role: roleLabel(params.role) };
    const subject = formatMessage(m.joinApprovedSubject, values);
    return render(subject, subject, [formatMessage(m.joinApprovedIntro, values)], undefined, {
      label: m.linkedButton,
      url: params.url,
    });
  },
  joinRejected(params: { empresa: string; motivo: string | null }): RenderedMail {
    const subject = formatMessage(m.joinRejectedSubject, { empresa: params.empresa });
    return render(subject, subject, [
      formatMessage(m.joinRejectedIntro, { empresa: params.empresa }),
      ...(params.motivo ? [formatMessage(m.joinRejectedReason, { motivo: params.motivo })] : []),
      m.joinRejectedHelp,
    ]);
  },
  loginThrottled(params: { failures: number; changePasswordUrl: string }): RenderedMail {
    return render(
      m.loginThrottledSubject,
      m.loginThrottledTitle,
      [
        formatMessage(m.loginThrottledIntro, { failures: params.failures }),
        m.loginThrottledKnownDevices,
        m.loginThrottledIfYou,
        m.loginThrottledIfNotYou,
      ],
      undefined,
      { label: m.loginThrottledButton, url: params.changePasswordUrl },
    );
  },
  /** 'Consultar cotação': the carrier's 30-minute link to its portal page (issue 35), in the quote's language. */
  portalLink(params: {
    codigo: string;
    empresa: string;
    url: string;
    minutes: number;
    language: 'pt' | 'en';
  }): RenderedMail {
    const t = portalLinkEmailMessages[params.language];
    return render(
      formatMessage(t.subject, { codigo: params.codigo }),
      formatMessage(t.title, { codigo: params.codigo }),
      [
        formatMessage(t.intro, { codigo: params.codigo, empresa: params.empresa }),
        formatMessage(t.expiry, { minutes: params.minutes }),
        t.ignore,
      ],
      undefined,
      { label: t.action, url: params.url },
      { lang: params.language === 'en' ? 'en' : 'pt-BR', signature: t.signature },
    );
  },
  passwordResetCode(params: { code: string; minutes: number }): RenderedMail {
    return render(
      formatMessage(m.resetSubject, { code: params.code }),
      m.resetTitle,
      [m.resetIntro, formatMessage(m.resetExpiry, { minutes: params.minutes }), m.resetIgnore],
      params.code,
    );
  },
  passwordResetProvider(params: { loginUrl: string }): RenderedMail {
    return render(m.resetProviderSubject, m.resetProviderSubject, [
      m.resetProviderIntro,
      formatMessage(m.resetProviderAction, { url: params.loginUrl }),
      m.resetIgnore,
    ]);
  },
  passwordResetDone(): RenderedMail {
    return render(m.resetDoneSubject, m.resetDoneSubject, [m.resetDoneIntro, m.passwordChangedWarning]);
  },
  passwordChanged(): RenderedMail {
    return render(m.passwordChangedSubject, m.passwordChangedSubject, [
      m.passwordChangedIntro,
      m.passwordChangedWarning,
    ]);
  },
};
