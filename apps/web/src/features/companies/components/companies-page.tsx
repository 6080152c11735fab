import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { formatCnpj } from '@cotacoes/shared/rules/cnpj';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { type Empresa, useCompanies } from '@/api/list-companies';
import { BuildingIcon, CheckIcon, PencilIcon, PlusIcon, SearchIcon, TrashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardSection } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { hasFieldErrors, serverFieldErrors, useFieldErrors } from '@/lib/form';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCreateCompany } from '../api/create-company';
import { useSetVisao } from '../api/set-visao';
import { CompanyFields, emptyCompanyValues, parseCompanyValues } from './company-fields';
import { DeleteCompanyModal } from './delete-company-modal';
import { EditCompanyModal } from './edit-company-modal';

const t = ui.companies;

function CreateCompanyForm() {
  const formId = useId();
  const create = useCreateCompany();
  const [values, setValues] = useState(emptyCompanyValues);
  const [errors, setErrors, clearOnChange] = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseCompanyValues(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ message: t.created, variant: 'success' });
        setValues(emptyCompanyValues);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  return (
    <CardSection title={t.createTitle} description={t.createHint} headingId={`${formId}-title`}>
      <form onChange={clearOnChange} onSubmit={submit} noValidate className="space-y-4">
        {create.isError && !hasFieldErrors(errors) && (
          <Alert variant="error">{errorText(create.error, t.createError)}</Alert>
        )}
        <fieldset disabled={create.isPending}>
          <CompanyFields values={values} onChange={setValues} errors={errors} idPrefix={`${formId}-new`} />
        </fieldset>
        <Button type="submit" loading={create.isPending} loadingText={t.creating}>
          <PlusIcon size={16} />
          {t.create}
        </Button>
      </form>
    </CardSection>
  );
}

function matches(empresa: Empresa, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return true;
  const digits = needle.replace(/[^0-9a-z]/g, '');
  return (
    empresa.nome.toLocaleLowerCase('pt-BR').includes(needle) ||
    empresa.codigo.toLocaleLowerCase('pt-BR').includes(needle) ||
    (empresa.razaoSocial?.toLocaleLowerCase('pt-BR').includes(needle) ?? false) ||
    (digits !== '' && (empresa.cnpj?.toLowerCase().includes(digits) ?? false))
  );
}

function CompanyName({ empresa, acting }: { empresa: Empresa; acting: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-fg">{empresa.nome}</span>
        {acting && (
          <Badge variant="primary">
            <CheckIcon size={12} />
            {t.acting}
          </Badge>
        )}
        {!empresa.ativa && <Badge variant="neutral">{t.inactive}</Badge>}
        {empresa.dadosNaoConfirmados && (
          <span title={ui.onboarding.unconfirmedHint}>
            <Badge variant="warning">{t.unconfirmed}</Badge>
          </span>
        )}
      </div>
      {empresa.razaoSocial && empresa.razaoSocial !== empresa.nome && (
        <p className="text-xs text-fg-muted">{empresa.razaoSocial}</p>
      )}
      {empresa.endereco && (
        <p className="truncate text-xs text-fg-muted" title={empresa.endereco}>
          {empresa.endereco}
        </p>
      )}
    </>
  );
}

function CompanyContact({ empresa }: { empresa: Empresa }) {
  if (!empresa.email && !empresa.telefone) return <span className="text-fg-muted">—</span>;
  return (
    <>
      {empresa.email && (
        <p className="truncate" title={empresa.email}>
          {empresa.email}
        </p>
      )}
      {empresa.telefone && <p className="text-fg-muted">{empresa.telefone}</p>}
    </>
  );
}

function CompanyActions({
  empresa,
  acting,
  setVisao,
  onActIn,
  onEdit,
  onDelete,
  align = 'end',
  compact = false,
}: {
  empresa: Empresa;
  acting: boolean;
  setVisao: ReturnType<typeof useSetVisao>;
  onActIn: (empresa: Empresa) => void;
  onEdit: (empresa: Empresa) => void;
  onDelete: (empresa: Empresa) => void;
  align?: 'start' | 'end';
  /** The table's narrow column: the short label (the accessible name stays complete). */
  compact?: boolean;
}) {
  return (
    <div
      className={cn('flex flex-wrap items-center gap-1', align === 'end' ? 'justify-end' : 'justify-start')}
    >
      {!acting && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onActIn(empresa)}
          loading={setVisao.isPending && setVisao.variables === empresa.id}
          disabled={setVisao.isPending}
          aria-label={formatMessage(t.actAsLabel, { nome: empresa.nome })}
        >
          {compact ? t.actAsShort : t.actAs}
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onEdit(empresa)}
        aria-label={formatMessage(t.editLabel, { nome: empresa.nome })}
        title={t.edit}
      >
        <PencilIcon size={16} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-danger-soft-fg"
        onClick={() => onDelete(empresa)}
        aria-label={formatMessage(t.deleteLabel, { nome: empresa.nome })}
        title={t.delete}
      >
        <TrashIcon size={16} />
      </Button>
    </div>
  );
}

/** Company administration (spec 2, /empresas, desenvolvedor only) and the visão (ADR 0008). */
export function CompaniesPage() {
  const user = useUser();
  const companies = useCompanies();
  const setVisao = useSetVisao();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Empresa | null>(null);
  const [deleting, setDeleting] = useState<Empresa | null>(null);
  const list = companies.data ?? [];
  const visible = useMemo(() => list.filter((empresa) => matches(empresa, search)), [list, search]);
  const current = list.find((empresa) => empresa.id === user?.empresaId) ?? null;
  // Phones get cards: a five-column table would hide the actions off screen.
  const wide = useMediaQuery('(min-width: 768px)');

  function actIn(empresa: Empresa) {
    setVisao.mutate(empresa.id, {
      onSuccess: () =>
        showToast({ message: formatMessage(t.visaoSet, { nome: empresa.nome }), variant: 'success' }),
      onError: (error) => showToast({ message: errorText(error, t.visaoError), variant: 'error' }),
    });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageTitle title={t.title} />
      <PageHeader title={t.heading} description={t.subtitle} className="mb-0" />

      <Card className="flex items-center gap-3 px-5 py-4">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
          <BuildingIcon size={20} />
        </span>
        {current ? (
          <p className="min-w-0 text-sm text-fg" data-testid="current-visao">
            <span className="text-fg-muted">{t.currentVisao}: </span>
            <strong className="font-semibold">{current.nome}</strong>{' '}
            <span className="text-fg-muted">({current.codigo})</span>
          </p>
        ) : (
          <p className="min-w-0 text-sm text-fg-muted" data-testid="current-visao">
            {t.noVisao}
          </p>
        )}
      </Card>

      <CreateCompanyForm />

      <section aria-labelledby="companies-list-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="companies-list-title" className="text-lg font-semibold text-fg">
              {t.listTitle}
            </h2>
            {companies.isSuccess && (
              <p className="text-sm text-fg-muted">{formatMessage(t.count, { count: list.length })}</p>
            )}
          </div>
          <Input
            label={t.searchLabel}
            hideLabel
            type="search"
            placeholder={t.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            containerClassName="w-full sm:w-80"
            endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
          />
        </div>

        {companies.isPending && <LoadingState />}
        {companies.isError && <Alert variant="error">{errorText(companies.error, t.loadError)}</Alert>}
        {companies.isSuccess && visible.length === 0 && (
          <Card className="px-4 py-10 text-center text-sm text-fg-muted">
            {list.length === 0 ? t.empty : t.emptyFiltered}
          </Card>
        )}
        {companies.isSuccess && visible.length > 0 && wide && (
          // Fixed columns: long names and addresses wrap or truncate, the actions always stay in view.
          <Table caption={t.listTitle} fixed>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t.columns.empresa}</TableHeaderCell>
                <TableHeaderCell className="w-28">{t.columns.codigo}</TableHeaderCell>
                <TableHeaderCell className="w-44">{t.columns.cnpj}</TableHeaderCell>
                <TableHeaderCell className="w-52">{t.columns.contato}</TableHeaderCell>
                <TableHeaderCell className="w-56 text-right">{t.columns.acoes}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((empresa) => (
                <TableRow key={empresa.id}>
                  <TableCell className="break-words">
                    <CompanyName empresa={empresa} acting={empresa.id === user?.empresaId} />
                  </TableCell>
                  <TableCell className="font-mono text-xs break-all">{empresa.codigo}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {empresa.cnpj ? formatCnpj(empresa.cnpj) : '—'}
                  </TableCell>
                  <TableCell className="text-xs">
                    <CompanyContact empresa={empresa} />
                  </TableCell>
                  <TableCell>
                    <CompanyActions
                      empresa={empresa}
                      acting={empresa.id === user?.empresaId}
                      setVisao={setVisao}
                      onActIn={actIn}
                      onEdit={setEditing}
                      onDelete={setDeleting}
                      compact
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {companies.isSuccess && visible.length > 0 && !wide && (
          <ul className="space-y-3" aria-label={t.listTitle}>
            {visible.map((empresa) => (
              <li key={empresa.id} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
                <CompanyName empresa={empresa} acting={empresa.id === user?.empresaId} />
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
                  <div>
                    <dt className="font-medium tracking-wide text-fg-muted uppercase">{t.columns.codigo}</dt>
                    <dd className="font-mono text-fg">{empresa.codigo}</dd>
                  </div>
                  <div>
                    <dt className="font-medium tracking-wide text-fg-muted uppercase">{t.columns.cnpj}</dt>
                    <dd className="text-fg tabular-nums">{empresa.cnpj ? formatCnpj(empresa.cnpj) : '—'}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="font-medium tracking-wide text-fg-muted uppercase">{t.columns.contato}</dt>
                    <dd className="text-fg">
                      <CompanyContact empresa={empresa} />
                    </dd>
                  </div>
                </dl>
                <div className="mt-3 border-t border-border pt-3">
                  <CompanyActions
                    empresa={empresa}
                    acting={empresa.id === user?.empresaId}
                    setVisao={setVisao}
                    onActIn={actIn}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                    align="start"
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {editing && <EditCompanyModal empresa={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCompanyModal empresa={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
