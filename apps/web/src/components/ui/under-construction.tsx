import { ui } from '@cotacoes/shared/messages/ui';
import { WrenchIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';

/** Stands in for a screen (or part of one) that a later issue builds. */
export function UnderConstruction({ text = ui.common.underConstructionText }: { text?: string }) {
  return (
    <Card className="flex items-start gap-4 p-6">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
        <WrenchIcon size={22} />
      </span>
      <div>
        <h2 className="font-semibold text-fg">{ui.common.underConstruction}</h2>
        <p className="mt-1 text-sm text-fg-muted">{text}</p>
      </div>
    </Card>
  );
}
