import { formatMessage } from '@cotacoes/shared/messages/errors';
import { portalLinkBodySchemas } from '@cotacoes/shared/schemas/portal';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { InboxIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { hasFieldErrors, issuesToFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { useRequestPortalLink } from '../api/request-link';
import { usePortalTexts } from './portal-language';

/**
 * 'Consultar cotação' (/portal): the quote code and the carrier's e-mail; a link is mailed if they match,
 * in the quote's language (the page's own language is the carrier's choice).
 */
export function PortalEntryForm() {
  const { t: texts, language } = usePortalTexts();
  const t = texts.entry;
  const request = useRequestPortalLink(t.errorFallback);
  const [codigo, setCodigo] = useState('');
  const [email, setEmail] = useState('');
  const [sentFor, setSentFor] = useState<string | null>(null);
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = portalLinkBodySchemas[language].safeParse({ codigo, email, idioma: language });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    request.mutate(parsed.data, {
      onSuccess: () => setSentFor(parsed.data.codigo),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  if (sentFor)
    return (
      <section aria-labelledby="portal-sent-title" className="space-y-5">
        <div className="flex items-center gap-3">
          <span className="rounded-full bg-primary-soft p-3 text-primary-soft-fg">
            <InboxIcon size={24} />
          </span>
          <h1 id="portal-sent-title" className="text-2xl font-bold text-fg">
            {t.sentTitle}
          </h1>
        </div>
        <Alert variant="success">{formatMessage(t.sent, { codigo: sentFor })}</Alert>
        <Button variant="secondary" fullWidth onClick={() => setSentFor(null)}>
          {t.again}
        </Button>
      </section>
    );

  const formError =
    request.isError && !hasFieldErrors(errors) ? errorText(request.error, t.errorFallback) : null;
  return (
    <section aria-labelledby="portal-entry-title">
      <h1 id="portal-entry-title" className="text-2xl font-bold text-fg">
        {t.heading}
      </h1>
      <p className="mt-2 text-sm text-fg-muted">{t.subheading}</p>
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="mt-6 space-y-5">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Input
          label={t.codigoLabel}
          name="codigo"
          autoComplete="off"
          placeholder={t.codigoPlaceholder}
          value={codigo}
          onChange={(event) => setCodigo(event.target.value)}
          errors={errors.codigo}
          required
        />
        <Input
          label={t.emailLabel}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          hint={t.emailHint}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email}
          required
        />
        <Button type="submit" fullWidth loading={request.isPending} loadingText={t.sending}>
          {t.submit}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.getHref()} className="font-semibold text-primary-soft-fg hover:underline">
          {t.backToLogin}
        </Link>
      </p>
    </section>
  );
}
