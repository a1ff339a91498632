/**
 * A time-series chart of one device's recent history (uPlot: small, fast, canvas-based, no remote
 * assets; it styles through the DOM API, which the CSP allows). Colours come from the theme's CSS
 * variables, so the chart follows light and dark like the rest.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { NO_VALUE, timeText } from '../../../../shared/i18n/formats';
import { useT } from '../../i18n/i18n-provider';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** CSS variable holding the colour, e.g. `--chart-1`. */
  colorVar: string;
}

export interface HistoryChartProps {
  title: string;
  /** Epoch milliseconds. */
  at: number[];
  series: ChartSeries[];
  /** Formats a value for the axis and the legend. */
  format: (value: number) => string;
}

const cssVar = (name: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

export function HistoryChart({ title, at, series, format }: HistoryChartProps): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const tr = useT();
  // Rebuilt in a new language too: the labels and the time axis speak it.
  const labels = [tr.locale, ...series.map((s) => s.label)].join('|');

  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const text = cssVar('--muted');
    const grid = cssVar('--border');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 180,
        ms: 1,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        series: [
          // The cursor's time in the legend, as the locale writes a time (24-hour where usual).
          { value: (_u: uPlot, v: number | null) => (v === null ? NO_VALUE : timeText(tr, v)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: cssVar(s.colorVar),
            width: 2,
            value: (_u: uPlot, v: number | null) => (v === null ? NO_VALUE : format(v)),
          })),
        ],
        axes: [
          {
            ...axis,
            values: (_u: uPlot, ticks: number[]) =>
              ticks.map((ms) => tr.intl.formatTime(ms, { hour: 'numeric', minute: '2-digit' })),
          },
          { ...axis, size: 110, values: (_u: uPlot, ticks: number[]) => ticks.map(format) },
        ],
      },
      [[], ...series.map(() => [])],
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, element.clientWidth), height: 180 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Rebuilt only when the set of series changes; data updates go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels]);

  useEffect(() => {
    plot.current?.setData([at, ...series.map((s) => s.values)] as uPlot.AlignedData);
  }, [at, series]);

  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      {at.length < 2 ? <p className="field-hint">{tr.t('device.history.collecting')}</p> : null}
      <div ref={box} className="chart-box" />
    </figure>
  );
}
