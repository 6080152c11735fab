import { ui } from '@cotacoes/shared/messages/ui';
import { usePublicConfig } from '@/api/get-public-config';
import { ChevronDownIcon, ClockIcon, MailIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';

export function SupportPage() {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <>
      <PageTitle title={ui.support.title} />
      <PageHeader title={ui.support.heading} description={ui.support.subtitle} />
      <div className="grid gap-4 md:grid-cols-2" data-tour="support-channels">
        <Card className="flex gap-4 p-5">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
            <MailIcon size={22} />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold text-fg">{ui.support.emailChannel}</h2>
            {email ? (
              <a
                href={`mailto:${email}`}
                className="mt-1 block truncate font-medium text-primary-soft-fg hover:underline"
              >
                {email}
              </a>
            ) : (
              <p className="mt-1 text-fg-muted">
                {config.isPending ? ui.common.loading : ui.common.notInformed}
              </p>
            )}
            <p className="mt-1 text-sm text-fg-muted">{ui.support.emailChannelHint}</p>
          </div>
        </Card>
        <Card className="flex gap-4 p-5">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
            <ClockIcon size={22} />
          </span>
          <div>
            <h2 className="font-semibold text-fg">{ui.support.hours}</h2>
            <p className="mt-1 text-sm text-fg">{ui.support.hoursWeek}</p>
            <p className="text-sm text-fg">{ui.support.hoursSaturday}</p>
          </div>
        </Card>
      </div>

      <section aria-labelledby="faq-title" className="mt-8">
        <h2 id="faq-title" className="mb-4 text-lg font-semibold text-fg">
          {ui.support.faqTitle}
        </h2>
        <div className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
          {ui.productClaims.faq.map((item) => (
            <details key={item.q} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                {item.q}
                <ChevronDownIcon
                  size={18}
                  className="shrink-0 text-fg-muted transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-4 text-sm leading-relaxed text-fg-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
