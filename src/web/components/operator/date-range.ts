import { type DateRange, dateRangeSchema, MAX_RANGE_DAYS } from "../../../shared/schemas/research";

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last 30 days up to today (whole UTC days, as the server counts them). */
export function defaultRange(now = Date.now()): DateRange {
  return { from: isoDay(now - 29 * DAY_MS), to: isoDay(now) };
}

/** What is wrong with a range the operator typed, as a translation key; null when the server will take it. */
export function rangeProblem(range: DateRange): "operator.range.invalid" | "operator.range.order" | "operator.range.tooLong" | null {
  if (dateRangeSchema.safeParse(range).success) return null;
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return "operator.range.invalid";
  if (from > to) return "operator.range.order";
  if ((to - from) / DAY_MS >= MAX_RANGE_DAYS) return "operator.range.tooLong";
  return "operator.range.invalid";
}

/** The range in the address (?from=…&to=…) when it is a valid one, else the default. */
export function rangeFromSearch(search: URLSearchParams): DateRange {
  const range = { from: search.get("from") ?? "", to: search.get("to") ?? "" };
  return rangeProblem(range) ? defaultRange() : range;
}
