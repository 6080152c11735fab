import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { DEFAULT_GRUPO_COR } from '@cotacoes/shared/schemas/carriers';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/form';
import type { GroupValues } from './forms';

const t = ui.management.groups;

/**
 * Name, colour (native picker, #0066CC by default) and description of a group: the one group form of the
 * create form, the create modal (`withColor={false}`: name and description only, spec 5 and 7) and the
 * edit modal.
 */
export function GroupFields({
  idPrefix,
  values,
  onChange,
  errors,
  disabled,
  withColor = true,
}: {
  idPrefix: string;
  values: GroupValues;
  onChange: (values: GroupValues) => void;
  errors: FieldErrors;
  disabled?: boolean;
  withColor?: boolean;
}) {
  return (
    <div className={withColor ? 'grid gap-4 md:grid-cols-[minmax(0,1fr)_10rem]' : 'space-y-4'}>
      <Input
        id={`${idPrefix}-nome`}
        label={ui.management.nameLabel}
        name="nome"
        autoComplete="off"
        placeholder={t.namePlaceholder}
        value={values.nome}
        onChange={(event) => onChange({ ...values, nome: event.target.value })}
        error={errors.nome?.[0]}
        disabled={disabled}
      />
      {withColor && (
        <Input
          id={`${idPrefix}-cor`}
          label={t.colorLabel}
          name="cor"
          type="color"
          value={values.cor}
          onChange={(event) => onChange({ ...values, cor: event.target.value.toUpperCase() })}
          hint={formatMessage(t.colorHint, { color: DEFAULT_GRUPO_COR })}
          error={errors.cor?.[0]}
          disabled={disabled}
          className="cursor-pointer px-1 py-1"
        />
      )}
      <Textarea
        id={`${idPrefix}-descricao`}
        label={t.descriptionLabel}
        name="descricao"
        placeholder={t.descriptionPlaceholder}
        value={values.descricao}
        onChange={(event) => onChange({ ...values, descricao: event.target.value })}
        error={errors.descricao?.[0]}
        disabled={disabled}
        containerClassName={withColor ? 'md:col-span-2' : undefined}
      />
    </div>
  );
}
