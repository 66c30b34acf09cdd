// A uPlot chart of daily series (days of the account's time zone). The numbers are also given as
// a table for screen readers. The value axis is as wide as its widest label, so no label clips.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { calendarDay } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { TableWrap } from './table-wrap.tsx';

export interface DailySeries {
  label: string;
  color: string;
  values: number[];
}

/** uPlot's axis font: what the labels are measured in. */
const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** Room beside the labels: the tick (10 px) and the gap to the labels (5 px) on each side of the text. */
const axisPadding = 24;

let measuring: CanvasRenderingContext2D | null = null;
function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 8;
  measuring.font = axisFont;
  return measuring.measureText(text).width;
}

/** The value axis's width for its labels (at least 50 px, as uPlot's default). */
export function axisWidth(labels: readonly string[]): number {
  return Math.max(50, Math.ceil(Math.max(0, ...labels.map(textWidth))) + axisPadding);
}

export function DailyChart(props: {
  title: string;
  days: string[];
  series: DailySeries[];
  format?: (value: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const width = Math.max(280, Math.min(element.clientWidth || 600, 1100));
    const label = (value: number) => (props.format ? props.format(value) : String(value));
    const chart = new uPlot(
      {
        width,
        height: 220,
        series: [
          { value: (_: uPlot, value: number | null) => (value === null ? '—' : dayOf(value)) },
          ...props.series.map((series) => ({
            label: series.label,
            stroke: series.color,
            width: 2,
            points: { show: props.days.length < 40 },
            value: (_: uPlot, value: number | null) => (value === null ? '—' : label(value)),
          })),
        ],
        axes: [
          {
            font: axisFont,
            space: 90,
            values: (_: uPlot, ticks: number[]) => ticks.map(dayOf),
          },
          {
            font: axisFont,
            size: (_: uPlot, values: string[] | null) => {
              const room = axisWidth(values ?? []);
              element.dataset.axisWidth = String(room);
              element.dataset.axisLabels = JSON.stringify(values ?? []);
              return room;
            },
            values: (_: uPlot, ticks: number[]) => ticks.map(label),
          },
        ],
        scales: { x: { time: true } },
      },
      [
        props.days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000),
        ...props.series.map((series) => series.values),
      ],
      element,
    );
    return () => chart.destroy();
  }, [props.days, props.series]);
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <div ref={host} class="chart-canvas" aria-hidden="true" />
      <details>
        <summary>{t('chart.showNumbers')}</summary>
        <TableWrap caption={props.title}>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              {props.series.map((series) => (
                <th scope="col" key={series.label}>
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{calendarDay(day)}</th>
                {props.series.map((series) => (
                  <td key={series.label}>
                    {props.format ? props.format(series.values[index] ?? 0) : series.values[index]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </TableWrap>
      </details>
    </figure>
  );
}

/** A point of the x axis (noon UTC of a day, in seconds) as the day it stands for. */
function dayOf(seconds: number): string {
  return calendarDay(new Date(seconds * 1000).toISOString().slice(0, 10));
}
