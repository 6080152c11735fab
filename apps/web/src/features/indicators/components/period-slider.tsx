import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { formatIsoDate } from '@/lib/format';
import { type MonthRange, moveHandle, rangeDates, rangeDays } from '../lib/period';

const t = ui.indicators;
const FIRST_YEAR = 2000;

// Two native range inputs on one track: the browser gives keyboard, touch and screen-reader support; only
// their thumbs take the pointer, so either can be dragged.
const thumb =
  'pointer-events-none absolute inset-x-0 top-1/2 h-6 w-full -translate-y-1/2 appearance-none bg-transparent ' +
  'focus-visible:outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 ' +
  '[&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full ' +
  '[&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-surface ' +
  '[&::-webkit-slider-thumb]:shadow focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-ring/40 ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-5 [&::-moz-range-thumb]:w-5 ' +
  '[&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 ' +
  '[&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-surface';

/**
 * Spec 000 "Indicators": the period across a year (Jan to Dez) with two handles, start never past end;
 * shows both dates and the number of days. Beyond the spec: the year can be changed.
 */
export function PeriodSlider({
  value,
  onChange,
  maxYear,
}: {
  value: MonthRange;
  onChange: (next: MonthRange) => void;
  maxYear: number;
}) {
  const { dataInicio, dataFim } = rangeDates(value);
  const days = rangeDays(value);
  const monthText = (month: number) => `${t.monthNames[month]} de ${value.year}`;
  const left = (value.start / 11) * 100;
  const right = ((11 - value.end) / 11) * 100;
  // With both handles on one month, the one that can still move there lies on top.
  const startOnTop = value.start === value.end && value.end > 5;

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-fg">{t.period}</legend>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          onClick={() => onChange({ ...value, year: value.year - 1 })}
          disabled={value.year <= FIRST_YEAR}
          aria-label={t.previousYear}
          className="rounded-md p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg disabled:opacity-40"
        >
          <ChevronLeftIcon size={18} />
        </button>
        <span className="min-w-12 text-center text-sm font-semibold text-fg tabular-nums" aria-live="polite">
          <span className="sr-only">{t.year} </span>
          {value.year}
        </span>
        <button
          type="button"
          onClick={() => onChange({ ...value, year: value.year + 1 })}
          disabled={value.year >= maxYear}
          aria-label={t.nextYear}
          className="rounded-md p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg disabled:opacity-40"
        >
          <ChevronRightIcon size={18} />
        </button>
      </div>
      <div className="relative mx-2.5 mt-3 h-8">
        <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-surface-muted" />
        <div
          className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: `${left}%`, right: `${right}%` }}
        />
        <input
          type="range"
          min={0}
          max={11}
          step={1}
          value={value.start}
          aria-label={t.periodStart}
          aria-valuetext={monthText(value.start)}
          onChange={(event) => onChange(moveHandle(value, 'start', Number(event.target.value)))}
          className={cn(thumb, startOnTop ? 'z-20' : 'z-10')}
        />
        <input
          type="range"
          min={0}
          max={11}
          step={1}
          value={value.end}
          aria-label={t.periodEnd}
          aria-valuetext={monthText(value.end)}
          onChange={(event) => onChange(moveHandle(value, 'end', Number(event.target.value)))}
          className={cn(thumb, startOnTop ? 'z-10' : 'z-20')}
        />
      </div>
      <div className="relative mx-2.5 h-4" aria-hidden="true">
        {t.months.map((month, index) => (
          <span
            key={month}
            className={cn(
              'absolute -translate-x-1/2 text-[11px] text-fg-muted',
              index >= value.start && index <= value.end && 'font-semibold text-fg',
            )}
            style={{ left: `${(index / 11) * 100}%` }}
          >
            {month}
          </span>
        ))}
      </div>
      <p className="mt-3 text-sm text-fg" data-testid="period-summary">
        {formatMessage(t.periodSummary, {
          inicio: formatIsoDate(dataInicio, ui.common.invalidDate),
          fim: formatIsoDate(dataFim, ui.common.invalidDate),
        })}
        <span className="text-fg-muted">
          {' · '}
          {days === 1 ? t.day : formatMessage(t.days, { n: days })}
        </span>
      </p>
    </fieldset>
  );
}
