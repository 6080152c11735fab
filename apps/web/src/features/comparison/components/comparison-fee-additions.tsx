import { feeDisplayName } from '@cotacoes/shared/comparison/fee-names';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { unitWords } from '@cotacoes/shared/rules/hints';
import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { FEE_UNIT_CODES } from '@cotacoes/shared/schemas/decisions';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { parseMoneyInput } from '@/lib/number-input';
import { useAddFee } from '../api/add-fee';
import { useComparisonContext } from './comparison-context';
import { money } from './comparison-format';

const t = ui.comparison.addFee;
const MEASURED_UNITS: ReadonlySet<string> = new Set(['KG', 'TON', 'M3', 'WM']);
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** Where an added fee line came from, with who and when: 'versão anterior', 'incluída à mão por Ana em …'. */
export function AddedFeeBadge({ taxa }: { taxa: ComparisonRow['taxas'][number] }) {
  if (!taxa.origem) return null;
  const by =
    taxa.adicionadaPor && taxa.adicionadaEm
      ? ` ${formatMessage(t.addedBy, { nome: taxa.adicionadaPor, data: dateFormat.format(new Date(taxa.adicionadaEm)) })}`
      : '';
  return (
    <Badge variant="primary" className="whitespace-normal" data-origem={taxa.origem}>
      {taxa.origem === 'versao_anterior' ? t.kept : t.manual}
      {by}
    </Badge>
  );
}

/** Freights priced per measure: an air or LCL offer. */
const MEASURE_FREIGHTS = new Set(['KG', 'M3', 'WM']);

/**
 * Under a row's fee lines (issue 30): the previous version's fees this version lacks, each with
 * 'Manter da versão anterior', and a form to add a missing fee by hand. Kept as corrections (who, when).
 */
export function FeeAdditions({ row }: { row: ComparisonRow }) {
  const { quoteId, canCorrect } = useComparisonContext();
  const addFee = useAddFee(quoteId);
  const formId = useId();
  const [nome, setNome] = useState('');
  const [moeda, setMoeda] = useState<'USD' | 'BRL' | 'EUR'>('BRL');
  const [valor, setValor] = useState('');
  // Per container on a container offer; per shipment on an air or LCL one, which has no container to count
  // (QA pass 43a: "por contêiner" on an air quote's row).
  const [unidade, setUnidade] = useState<(typeof FEE_UNIT_CODES)[number]>(() =>
    row.fretes.length > 0 && row.fretes.every((frete) => MEASURE_FREIGHTS.has(frete.tipo ?? ''))
      ? 'PROCESSO'
      : 'CNTR',
  );
  const [minimo, setMinimo] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!canCorrect(row.respostaId) || row.extracao !== 'concluida') return null;
  // A fee per weight or volume may have a least amount ("USD 0,12/kg, mín. USD 60").
  const measured = MEASURED_UNITS.has(unidade);
  const previous = row.taxasVersaoAnterior ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoneyInput(valor);
    if (parsed === null) {
      setError(t.invalidValue);
      return;
    }
    // Optional: read only when the basis is a weight or volume, and only when typed.
    const minimoText = measured ? minimo.trim() : '';
    const least = minimoText ? parseMoneyInput(minimoText) : null;
    if (minimoText && least === null) {
      setError(t.invalidMinimum);
      return;
    }
    setError(null);
    addFee.mutate(
      {
        respostaId: row.respostaId,
        nome,
        moeda,
        valor: parsed,
        unidade,
        destino: row.destino,
        origem: 'manual',
        ...(least !== null ? { minimo: least } : {}),
      },
      {
        onSuccess: () => {
          setNome('');
          setValor('');
          setMinimo('');
        },
        onError: (cause) => setError(cause.message),
      },
    );
  };

  return (
    <div className="mt-3 space-y-3 border-t border-border pt-3 text-sm">
      {previous.length > 0 && (
        <section aria-label={formatMessage(t.previousTitle, { versao: previous[0]!.versao })}>
          <p className="mb-1 font-medium">
            {formatMessage(t.previousTitle, { versao: previous[0]!.versao })}
          </p>
          <ul className="space-y-1">
            {previous.map((fee) => (
              <li key={`${fee.nome}|${fee.destino ?? ''}`} className="flex flex-wrap items-center gap-2">
                <span className="min-w-24 font-medium">{feeDisplayName(fee.rotulo)}</span>
                <span className="tabular-nums">
                  {fee.minimo !== undefined
                    ? formatMessage(uiReplies.cards.feeItemMinimum, {
                        texto: money(fee.valor, fee.moeda),
                        minimo: money(fee.minimo, fee.moeda),
                      })
                    : money(fee.valor, fee.moeda)}
                </span>
                {fee.unidade && <span className="text-xs text-fg-muted">{unitWords(fee.unidade)}</span>}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={formatMessage(t.keepLabel, { nome: feeDisplayName(fee.rotulo) })}
                  loading={addFee.isPending && addFee.variables?.nome === fee.nome}
                  onClick={() =>
                    addFee.mutate(
                      {
                        respostaId: row.respostaId,
                        nome: fee.nome,
                        moeda: fee.moeda as 'USD' | 'BRL' | 'EUR',
                        valor: fee.valor,
                        unidade: (FEE_UNIT_CODES as readonly string[]).includes(fee.unidade ?? '')
                          ? (fee.unidade as (typeof FEE_UNIT_CODES)[number])
                          : 'PROCESSO',
                        destino: fee.destino,
                        origem: 'versao_anterior',
                        versao: fee.versao,
                        // Shown as the carrier wrote it ('Documentation fee'), compared by its kind.
                        ...(fee.rotulo && fee.rotulo !== fee.nome ? { rotulo: fee.rotulo } : {}),
                        ...(fee.minimo !== undefined ? { minimo: fee.minimo } : {}),
                      },
                      { onError: (cause) => setError(cause.message) },
                    )
                  }
                >
                  {t.keep}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={submit} aria-labelledby={`${formId}-title`} className="flex flex-wrap items-end gap-2">
        <p id={`${formId}-title`} className="w-full font-medium">
          {t.formTitle}
        </p>
        <label className="flex flex-col text-xs">
          {t.nome}
          <input
            required
            maxLength={60}
            value={nome}
            onChange={(e) => setNome(e.target.value)}
            className="h-8 w-28 rounded border border-border-strong bg-surface px-2 text-sm"
          />
        </label>
        <label className="flex flex-col text-xs">
          {t.moeda}
          <select
            value={moeda}
            onChange={(e) => setMoeda(e.target.value as typeof moeda)}
            className="h-8 rounded border border-border-strong bg-surface px-1 text-sm"
          >
            {(['BRL', 'USD', 'EUR'] as const).map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs">
          {t.valor}
          <input
            required
            inputMode="decimal"
            value={valor}
            onChange={(e) => setValor(e.target.value)}
            className="h-8 w-24 rounded border border-border-strong bg-surface px-2 text-sm"
          />
        </label>
        <label className="flex flex-col text-xs">
          {t.unidade}
          <select
            value={unidade}
            onChange={(e) => setUnidade(e.target.value as typeof unidade)}
            className="h-8 rounded border border-border-strong bg-surface px-1 text-sm"
          >
            {FEE_UNIT_CODES.map((code) => (
              <option key={code} value={code}>
                {unitWords(code)}
              </option>
            ))}
          </select>
        </label>
        {measured && (
          <label className="flex flex-col text-xs">
            {t.minimo}
            <input
              inputMode="decimal"
              value={minimo}
              onChange={(e) => setMinimo(e.target.value)}
              className="h-8 w-24 rounded border border-border-strong bg-surface px-2 text-sm"
            />
          </label>
        )}
        <Button type="submit" size="sm" loading={addFee.isPending && addFee.variables?.origem === 'manual'}>
          {t.submit}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-xs text-danger-soft-fg">
          {error}
        </p>
      )}
    </div>
  );
}
