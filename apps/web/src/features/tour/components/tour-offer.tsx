import { ui } from '@cotacoes/shared/messages/ui';
import { useState } from 'react';
import { PlayCircleIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { useUser } from '@/lib/session';
import { startTour, useTour } from '../hooks/use-tour';
import { markTourOffered, wasTourOffered } from '../tour-offered';

const t = ui.dashboard.tourOffer;

/** Offers the guided tour once to each user (on this browser); starting or declining it is remembered. */
export function TourOffer() {
  const user = useUser();
  const { tourActive } = useTour();
  const [, setAnswered] = useState(false);
  // Read on each render: a tour started from the top bar also counts as offered.
  if (!user || tourActive || wasTourOffered(user.id)) return null;
  const userId = user.id;

  function close(start: boolean) {
    markTourOffered(userId);
    setAnswered(true);
    if (start) startTour(0);
  }

  return (
    <section
      aria-labelledby="tour-offer-title"
      className="mb-6 flex flex-wrap items-center gap-4 rounded-xl border border-primary/30 bg-primary-soft px-5 py-4"
    >
      <PlayCircleIcon size={28} className="shrink-0 text-primary-soft-fg" />
      {/* basis-56: below 14rem beside the icon the buttons wrap under the text, not the text word by word. */}
      <div className="min-w-0 flex-1 basis-56" data-tour-offer-text="">
        <h2 id="tour-offer-title" className="font-semibold text-fg">
          {t.title}
        </h2>
        <p className="text-sm text-fg-muted">{t.text}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => close(true)}>
          {t.start}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => close(false)}>
          <XIcon size={14} />
          {t.dismiss}
        </Button>
      </div>
    </section>
  );
}
