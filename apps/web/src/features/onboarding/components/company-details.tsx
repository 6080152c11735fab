import { ui } from '@cotacoes/shared/messages/ui';
import { formatCnpj } from '@cotacoes/shared/rules/cnpj';
import { cn } from '@/lib/cn';
import type { CnpjLookupResponse } from '../api/search-cnpj';

const f = ui.onboarding.fields;

/** The rows the spec shows: create mode (razão social, nome fantasia, CNPJ, address) or join mode. */
export function detailRows(result: CnpjLookupResponse): Array<[string, string | null]> {
  if (result.source === 'receita') {
    return [
      [f.razaoSocial, result.razao_social || null],
      [f.nomeFantasia, result.nome_fantasia || null],
      [f.cnpj, formatCnpj(result.cnpj)],
      [f.endereco, result.endereco || null],
    ];
  }
  return [
    [f.nome, result.nome],
    [f.codigo, result.codigo],
    [f.cnpj, formatCnpj(result.cnpj)],
    [f.endereco, result.endereco || null],
  ];
}

export function CompanyDetails({ result }: { result: CnpjLookupResponse }) {
  return (
    <section
      aria-labelledby="onboarding-found-title"
      className="rounded-xl border border-border bg-surface-muted/60 p-4"
    >
      <h3 id="onboarding-found-title" className="text-sm font-semibold text-fg">
        {ui.onboarding.foundTitle}
      </h3>
      <dl className="mt-3 space-y-2.5">
        {detailRows(result).map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
            <dd className={cn('text-sm break-words', value ? 'text-fg' : 'text-fg-muted')}>
              {value ?? ui.common.notInformed}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
