import type { Database } from '../src/db/client.js';
import { checkedTenant } from '../src/db/tenant.js';
import * as dashboard from '../src/modules/dashboard/dashboard.repository.js';
import * as indicators from '../src/modules/indicators/indicators.repository.js';

/** BENCH_EXPLAIN=1: prints EXPLAIN ANALYZE of each read the dashboard and the indicators make. */
export async function explainDashboard(db: Database, empresaId: string): Promise<void> {
  const tenant = checkedTenant(empresaId);
  const year = new Date().getFullYear();
  const plan = indicators.planPeriod(`${year}-01-01`, `${year}-12-31`);
  // Each read goes through db.execute with its SQL wrapped in EXPLAIN (the repositories take a Database).
  const explaining = new Proxy(db, {
    get(target, property, receiver) {
      if (property === '$client')
        return {
          query: async (text: string | { text: string; values: unknown[] }, values?: unknown[]) => {
            const query = typeof text === 'string' ? { text, values: values ?? [] } : text;
            const client = (target as unknown as { $client: unknown }).$client as {
              query(text: string, values: unknown[]): Promise<{ rows: Record<string, string>[] }>;
            };
            const result = await client.query(`explain (analyze, summary) ${query.text}`, query.values);
            console.log(result.rows.map((row) => Object.values(row)[0]).join('\n'));
            return { rows: [] };
          },
        };
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  for (const [label, read] of [
    ['stats', () => dashboard.stats(explaining, tenant)],
    ['activity', () => dashboard.recentActivity(explaining, tenant, 10)],
    ['deadlines', () => dashboard.upcomingDeadlines(explaining, tenant, 5)],
    [
      'table page',
      () =>
        indicators.carrierPage(explaining, tenant, plan, {
          order: { direction: 'asc' },
          page: { limit: 10, offset: 0 },
        }),
    ],
  ] as const) {
    console.log(`\n--- ${label}`);
    await (read as () => Promise<unknown>)().catch(() => undefined);
  }
}
