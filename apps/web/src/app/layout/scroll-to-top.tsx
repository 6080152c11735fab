import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useState } from 'react';
import { ArrowUpIcon } from '@/components/icons';
import { SCROLL_TOP_THRESHOLD_PX } from '@/config/constants';

/** Appears once the page is scrolled more than 300 px (spec 2). */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={ui.shell.scrollToTop}
      title={ui.shell.scrollToTop}
      className="fixed right-5 bottom-5 z-40 flex h-11 w-11 items-center justify-center rounded-full bg-primary text-primary-fg shadow-lg transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}
