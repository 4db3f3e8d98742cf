import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./operator.module.css";
import { ScrollRegion } from "./ScrollRegion";

// Only the parts in use, so the dashboard's chunk stays small. Chart.js draws on a canvas and sets sizes
// through element.style, which the Content-Security-Policy allows (it never adds <style> or style="").
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

export interface Series {
  label: string;
  values: (number | null)[];
  type: "bar" | "line";
  /** The right-hand axis (for a second unit, e.g. a percentage next to counts). */
  right?: boolean;
  format: (value: number) => string;
}

interface Props {
  title: string;
  /** A one-sentence summary: the chart's text alternative, with the data table below. */
  summary: string;
  days: string[];
  dayLabel: (day: string) => string;
  series: Series[];
  stacked?: boolean;
  rightAxis?: { min?: number; max?: number; format: (value: number) => string };
  leftFormat?: (value: number) => string;
}

const colorVars = ["--chart-1", "--chart-2", "--chart-3"];
const pointStyles = ["circle", "rect", "triangle"] as const;

/** A chart with a heading, a summary as its description, and the same numbers as a table to open. */
export function ChartFigure({ title, summary, days, dayLabel, series, stacked, rightAxis, leftFormat }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scheme = useColorScheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const css = getComputedStyle(canvas);
    const color = (name: string) => css.getPropertyValue(name).trim();
    const text = color("--color-muted");
    const grid = color("--color-border");
    const config: ChartConfiguration<"bar" | "line", (number | null)[], string> = {
      type: "bar",
      data: {
        labels: days.map(dayLabel),
        datasets: series.map((s, index) => {
          const c = color(colorVars[index % colorVars.length] ?? "--chart-1");
          return {
            type: s.type,
            label: s.label,
            data: s.values,
            yAxisID: s.right ? "right" : "left",
            backgroundColor: c,
            borderColor: c,
            borderWidth: s.type === "line" ? 2 : 0,
            pointStyle: pointStyles[index % pointStyles.length],
            pointRadius: days.length > 60 ? 0 : 3,
            borderDash: s.type === "line" && index > 0 ? [6, 3] : undefined,
            spanGaps: true,
            stack: stacked ? "stack" : undefined,
            order: s.type === "line" ? 0 : 1,
          };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: "index", intersect: false },
        color: text,
        font: { family: getComputedStyle(document.body).fontFamily, size: 13 },
        plugins: {
          legend: { labels: { color: text, usePointStyle: true, font: { size: 14 } } },
          tooltip: {
            callbacks: {
              label: (item) => {
                const s = series[item.datasetIndex];
                const value = item.parsed.y;
                return `${s?.label}: ${value === null || s === undefined ? "–" : s.format(value)}`;
              },
            },
          },
        },
        scales: {
          x: { stacked, ticks: { color: text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
          left: {
            position: "left",
            stacked,
            beginAtZero: true,
            ticks: { color: text, precision: 0, callback: (v) => (leftFormat ? leftFormat(Number(v)) : String(v)) },
            grid: { color: grid },
          },
          ...(rightAxis && {
            right: {
              position: "right" as const,
              min: rightAxis.min,
              max: rightAxis.max,
              beginAtZero: true,
              ticks: { color: text, callback: (v: string | number) => rightAxis.format(Number(v)) },
              grid: { display: false },
            },
          }),
        },
      },
    };
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [days, dayLabel, series, stacked, rightAxis, leftFormat, scheme]);

  return (
    <figure className={`${styles.chart} card`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p id={`${id}-summary`} className="small muted">
        {summary}
      </p>
      <div className={styles.chartCanvas}>
        <canvas ref={canvasRef} role="img" aria-label={title} aria-describedby={`${id}-summary`} />
      </div>
      <details className={styles.chartTable}>
        <summary>{t("operator.charts.showTable")}</summary>
        <ScrollRegion label={t("operator.charts.tableOf", { title })}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("operator.charts.day")}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, row) => (
                <tr key={day}>
                  <th scope="row">{dayLabel(day)}</th>
                  {series.map((s) => {
                    const value = s.values[row];
                    return <td key={s.label}>{value === null || value === undefined ? "–" : s.format(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}

/** Light or dark (the user's theme, else the system's), so the charts are redrawn in the other palette when it changes. */
function useColorScheme() {
  const chosen = () => document.documentElement.dataset.theme;
  const isDark = (query: MediaQueryList) => (chosen() === "dark" ? true : chosen() === "light" ? false : query.matches);
  const [dark, setDark] = useState(() => isDark(matchMedia("(prefers-color-scheme: dark)")));
  useEffect(() => {
    const query = matchMedia("(prefers-color-scheme: dark)");
    const change = () => setDark(isDark(query));
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return dark ? "dark" : "light";
}
