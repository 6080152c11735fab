import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LayersIcon, TruckIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import type { SelectOption } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { useCarriersTotal } from '../api/list-carriers';
import { useAllGroups } from '../api/list-groups';
import { CarriersList } from './carriers-list';
import { CreateCarrierForm } from './create-carrier-form';
import { CreateGroupForm } from './create-group-form';
import { GroupsList } from './groups-list';
import { useCarriersListState } from './use-carriers-list-state';

const t = ui.management;
const TAB_PARAM = 'tab';
const GROUPS_TAB = 'grupos';

function Total({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 px-5 py-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
        {icon}
      </span>
      <div>
        <p className="text-sm text-fg-muted">{label}</p>
        <p className="text-2xl font-bold text-fg tabular-nums">{value ?? '—'}</p>
      </div>
    </Card>
  );
}

/** Carriers and groups (spec 2, /management, 'Gerenciamento'): totals and the two tabs. */
export function ManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB_PARAM) === GROUPS_TAB ? GROUPS_TAB : 'agentes';
  const total = useCarriersTotal();
  const groups = useAllGroups();
  const carriersState = useCarriersListState();
  const groupList = groups.data ?? [];
  const groupOptions: SelectOption[] = groupList.map((grupo) => ({ value: grupo.id, label: grupo.nome }));

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} className="mb-0" />

      <section aria-label={t.totalsLabel}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Total label={t.totalCarriers} value={total.data} icon={<TruckIcon size={20} />} />
          <Total label={t.totalGroups} value={groups.data?.length} icon={<LayersIcon size={20} />} />
        </div>
      </section>

      <Tabs
        label={t.tabsLabel}
        value={tab}
        onValueChange={(id) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (id === GROUPS_TAB) next.set(TAB_PARAM, GROUPS_TAB);
              else next.delete(TAB_PARAM);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          {
            id: 'agentes',
            label: t.tabCarriers,
            content: (
              <div className="space-y-6">
                <CreateCarrierForm groupOptions={groupOptions} />
                <CarriersList state={carriersState} groups={groupList} />
              </div>
            ),
          },
          {
            id: GROUPS_TAB,
            label: t.tabGroups,
            content: (
              <div className="space-y-6">
                <CreateGroupForm />
                <GroupsList />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
