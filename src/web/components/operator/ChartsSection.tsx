import { useTranslation } from "react-i18next";
import type { DateRange } from "../../../shared/schemas/research";
import { useDailyStats } from "../../hooks/use-operator";
import { FormAlert } from "../FormAlert";
import { StatsCharts } from "./StatsCharts";

/** Loads the daily statistics of the range and shows them as charts. */
export function ChartsSection({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const stats = useDailyStats(range);
  if (stats.isError) return <FormAlert kind="error">{t("operator.loadError")}</FormAlert>;
  if (!stats.data) return <p className="muted">{t("common.loading")}</p>;
  return <StatsCharts stats={stats.data} />;
}
