import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { showToast } from '@/lib/toast';
import { type ExportFormat, useExportCarriers } from '../api/export-carriers';
import type { CarrierFilters } from '../api/keys';

const t = ui.management.export;

const formats: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'xlsx', label: t.xlsx },
  { format: 'csv', label: t.csv },
];

/** 'Exportar' → XLSX or CSV of the carriers matching the current search and group filter. */
export function ExportMenu({ filters }: { filters: CarrierFilters }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const exporter = useExportCarriers();

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLButtonElement>('[data-export-format]')?.focus();
    const closeOnOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    return () => document.removeEventListener('mousedown', closeOnOutside);
  }, [open]);

  function run(format: ExportFormat) {
    setOpen(false);
    triggerRef.current?.focus();
    exporter.mutate(
      { format, filters },
      { onError: (error) => showToast({ message: errorText(error, t.error), variant: 'error' }) },
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the open menu from anywhere inside
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
    >
      <Button
        ref={triggerRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((value) => !value)}
        loading={exporter.isPending}
        loadingText={t.exporting}
        title={t.hint}
      >
        <DownloadIcon size={16} />
        {t.open}
        <ChevronDownIcon size={14} className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      {open && (
        <fieldset
          id={`${id}-menu`}
          className="absolute right-0 z-30 mt-1 w-48 overflow-hidden rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          <legend className="sr-only">{t.menuLabel}</legend>
          {formats.map((item) => (
            <button
              key={item.format}
              type="button"
              data-export-format={item.format}
              onClick={() => run(item.format)}
              className="block w-full px-3 py-2 text-left text-sm text-fg hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
            >
              {item.label}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
