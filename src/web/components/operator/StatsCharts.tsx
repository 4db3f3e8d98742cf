import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DailyStats } from "../../../shared/schemas/research";
import { ChartFigure, type Series } from "./ChartFigure";
import styles from "./operator.module.css";

const sum = (rows: DailyStats[], pick: (row: DailyStats) => number) => rows.reduce((total, row) => total + pick(row), 0);

/** The five charts of the dashboard over the chosen days. */
export function StatsCharts({ stats }: { stats: DailyStats[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";

  const charts = useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
    const seconds = new Intl.NumberFormat(language, { style: "unit", unit: "second", maximumFractionDigits: 1 });
    const dayFormat = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
    const count = (value: number) => number.format(value);
    const share = (value: number) => percent.format(value);
    const secs = (value: number) => seconds.format(value);
    const days = stats.map((row) => row.day);
    const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
    const column = (pick: (row: DailyStats) => number | null) => stats.map(pick);
    const series = (label: string, type: Series["type"], values: (number | null)[], format: Series["format"], right = false): Series => ({
      label,
      type,
      values,
      format,
      right,
    });

    const likes = sum(stats, (row) => row.likes);
    const dislikes = sum(stats, (row) => row.dislikes);
    const english = sum(stats, (row) => row.messagesEn);
    const german = sum(stats, (row) => row.messagesDe);
    const latencies = stats.flatMap((row) => (row.medianLatencyMs === null ? [] : [row.medianLatencyMs / 1000]));
    const errorRates = stats.flatMap((row) => (row.errorRate === null ? [] : [row.errorRate]));
    const none = t("operator.charts.none");

    return {
      dayLabel,
      days,
      count,
      share,
      secs,
      activity: {
        title: t("operator.charts.activity"),
        summary: t("operator.charts.activitySummary", {
          chats: count(sum(stats, (row) => row.chats)),
          messages: count(sum(stats, (row) => row.messages)),
          maxUsers: count(Math.max(0, ...stats.map((row) => row.activeUsers))),
        }),
        series: [
          series(
            t("operator.charts.activeUsers"),
            "line",
            column((row) => row.activeUsers),
            count,
          ),
          series(
            t("operator.charts.chats"),
            "line",
            column((row) => row.chats),
            count,
          ),
          series(
            t("operator.charts.messages"),
            "line",
            column((row) => row.messages),
            count,
          ),
        ],
      },
      ratings: {
        title: t("operator.charts.ratings"),
        summary: t("operator.charts.ratingsSummary", {
          likes: count(likes),
          dislikes: count(dislikes),
          ratio: likes + dislikes > 0 ? share(likes / (likes + dislikes)) : none,
        }),
        series: [
          series(
            t("operator.charts.likes"),
            "bar",
            column((row) => row.likes),
            count,
          ),
          series(
            t("operator.charts.dislikes"),
            "bar",
            column((row) => row.dislikes),
            count,
          ),
          series(
            t("operator.charts.likeRatio"),
            "line",
            column((row) => row.likeRatio),
            share,
            true,
          ),
        ],
      },
      redFlags: {
        title: t("operator.charts.redFlags"),
        summary: t("operator.charts.redFlagsSummary", { total: count(sum(stats, (row) => row.redFlagHits)) }),
        // Split by the layer that fired, so the research team sees what the model's second opinion adds.
        series: [
          series(
            t("operator.charts.redFlagsRulesOnly"),
            "bar",
            column((row) => row.redFlagsRulesOnly),
            count,
          ),
          series(
            t("operator.charts.redFlagsModelOnly"),
            "bar",
            column((row) => row.redFlagsModelOnly),
            count,
          ),
          series(
            t("operator.charts.redFlagsBoth"),
            "bar",
            column((row) => row.redFlagsBoth),
            count,
          ),
        ],
      },
      languages: {
        title: t("operator.charts.languages"),
        summary: t("operator.charts.languagesSummary", {
          en: count(english),
          de: count(german),
          enShare: english + german > 0 ? share(english / (english + german)) : none,
          deShare: english + german > 0 ? share(german / (english + german)) : none,
        }),
        series: [
          series(
            t("operator.charts.english"),
            "bar",
            column((row) => row.messagesEn),
            count,
          ),
          series(
            t("operator.charts.german"),
            "bar",
            column((row) => row.messagesDe),
            count,
          ),
        ],
      },
      provider: {
        title: t("operator.charts.provider"),
        summary:
          latencies.length > 0
            ? t("operator.charts.providerSummary", {
                min: secs(Math.min(...latencies)),
                max: secs(Math.max(...latencies)),
                maxError: share(Math.max(0, ...errorRates)),
              })
            : t("operator.charts.providerEmpty"),
        series: [
          series(
            t("operator.charts.latency"),
            "line",
            column((row) => (row.medianLatencyMs === null ? null : row.medianLatencyMs / 1000)),
            secs,
          ),
          series(
            t("operator.charts.errorRate"),
            "line",
            column((row) => row.errorRate),
            share,
            true,
          ),
        ],
      },
    };
  }, [stats, t, language]);

  const percentAxis = useMemo(() => ({ min: 0, max: 1, format: charts.share }), [charts]);
  const { days, dayLabel } = charts;
  return (
    <div className={styles.chartGrid}>
      <ChartFigure {...charts.activity} days={days} dayLabel={dayLabel} />
      <ChartFigure {...charts.ratings} days={days} dayLabel={dayLabel} rightAxis={percentAxis} />
      <ChartFigure {...charts.redFlags} days={days} dayLabel={dayLabel} stacked />
      <ChartFigure {...charts.languages} days={days} dayLabel={dayLabel} stacked />
      <ChartFigure {...charts.provider} days={days} dayLabel={dayLabel} rightAxis={percentAxis} leftFormat={charts.secs} />
    </div>
  );
}
