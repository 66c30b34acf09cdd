// A uPlot chart of daily series. The numbers are also given as a table for screen readers.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface DailySeries {
  label: string;
  color: string;
  values: number[];
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
    const chart = new uPlot(
      {
        width,
        height: 220,
        series: [
          {},
          ...props.series.map((series) => ({
            label: series.label,
            stroke: series.color,
            width: 2,
            points: { show: props.days.length < 40 },
            ...(props.format
              ? { value: (_: uPlot, value: number | null) => (value === null ? '—' : props.format!(value)) }
              : {}),
          })),
        ],
        axes: [
          {},
          {
            // Money labels ("Bs 1.234,50") need room; counts do not.
            size: props.format ? 96 : 50,
            values: (_: uPlot, ticks: number[]) =>
              ticks.map((tick) => (props.format ? props.format(tick) : String(tick))),
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
        <summary>Show the numbers</summary>
        <table>
          <caption class="sr-only">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
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
                <th scope="row">{day}</th>
                {props.series.map((series) => (
                  <td key={series.label}>
                    {props.format ? props.format(series.values[index] ?? 0) : series.values[index]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
