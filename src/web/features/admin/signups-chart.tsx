import { useState, type PointerEvent } from 'react';
import type { SignupDay } from '@shared/contract/admin';
import { useT } from '../../lib/i18n/i18n';
import { formatCount, formatShortDay } from './admin-format';
import { roundAxisMax } from './chart-scale';

const BAR_SLOT = 10;
const BAR_WIDTH = 7;
const HEIGHT = 100;

/**
 * Sign-ups per UTC day over the last 30 days as a bar chart: a hand-drawn SVG (no chart
 * library to download). Pointing at or tapping a bar reads out that day; screen readers get the
 * same figures as a table.
 */
export function SignupsChart({ days }: { days: SignupDay[] }) {
  const [pointed, setPointed] = useState<number | null>(null);
  const t = useT();
  const signUps = (count: number) => t('admin.chart.signups', { count, number: formatCount(count) });
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const axisMax = roundAxisMax(Math.max(0, ...days.map((day) => day.count)));
  const width = days.length * BAR_SLOT;
  const busiest = days.reduce<SignupDay | undefined>((best, day) => (!best || day.count > best.count ? day : best), undefined);
  const pointedDay = pointed === null ? undefined : days[pointed];

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * days.length);
    setPointed(Math.min(days.length - 1, Math.max(0, index)));
  };

  const first = days[0];
  const middle = days[Math.floor(days.length / 2)];
  const summary =
    busiest && busiest.count > 0
      ? t('admin.chart.summaryBusiest', {
          signups: signUps(total),
          days: formatCount(days.length),
          day: formatShortDay(busiest.date),
          busiest: signUps(busiest.count),
        })
      : t('admin.chart.summary', { signups: signUps(total), days: formatCount(days.length) });

  return (
    <figure>
      <p className="text-sm text-slate-600" aria-live="polite">
        {pointedDay ? (
          <>
            <span className="font-semibold text-slate-900">{formatShortDay(pointedDay.date)}</span>: {signUps(pointedDay.count)}
          </>
        ) : (
          <>
            <span className="font-semibold text-slate-900">{formatCount(total)}</span>{' '}
            {t('admin.chart.lastDays', { count: total, days: formatCount(days.length) })}
          </>
        )}
      </p>
      <div className="mt-3 flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-slate-500 tabular-nums" aria-hidden="true">
          <span>{formatCount(axisMax)}</span>
          <span>{formatCount(axisMax / 2)}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-40 w-full touch-pan-y"
            role="img"
            aria-label={t('admin.chart.label', { summary })}
            onPointerMove={pointAt}
            onPointerDown={pointAt}
            onPointerLeave={() => setPointed(null)}
          >
            {[0, 0.5, 1].map((fraction) => (
              <line
                key={fraction}
                x1={0}
                x2={width}
                y1={HEIGHT * fraction}
                y2={HEIGHT * fraction}
                className="stroke-slate-200"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((day, index) => {
              const barHeight = day.count === 0 ? 0.8 : Math.max(1.5, (day.count / axisMax) * HEIGHT);
              const isToday = index === days.length - 1;
              const fill = day.count === 0 ? 'fill-slate-200' : index === pointed ? 'fill-brand-900' : isToday ? 'fill-brand-700' : 'fill-brand-500';
              return (
                <rect
                  key={day.date}
                  x={index * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2}
                  y={HEIGHT - barHeight}
                  width={BAR_WIDTH}
                  height={barHeight}
                  className={fill}
                >
                  <title>{`${formatShortDay(day.date)}: ${signUps(day.count)}`}</title>
                </rect>
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
            <span>{first ? formatShortDay(first.date) : ''}</span>
            <span>{middle ? formatShortDay(middle.date) : ''}</span>
            <span>{t('admin.chart.today')}</span>
          </div>
        </div>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <table className="sr-only">
        <caption>{t('admin.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.chart.day')}</th>
            <th scope="col">{t('admin.chart.count')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatShortDay(day.date)}</td>
              <td>{formatCount(day.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
