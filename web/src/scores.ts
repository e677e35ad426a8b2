// The score sheet: one column per seat, the total and each line of the breakdown the engine gives.

import type { Score, SeatInfo } from "./api";
import { h } from "./dom";
import { has, t } from "./i18n";

/** A breakdown value as one cell: numbers and words as they are, a scored group by its points. */
function cell(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "string") return String(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const points = (value as Record<string, unknown>).points;
    if (typeof points === "number") return String(points);
  }
  return null;
}

/** The detail shown on hover for a scored group (districts, value, stars...). */
function detail(value: unknown): string {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "";
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => typeof v === "number" || typeof v === "string")
    .map(([k, v]) => `${rowName(k)} ${v}`)
    .join(", ");
}

export function rowName(key: string): string {
  const full = `score.${key}`;
  return has(full) ? t(full) : key.replace(/_/g, " ");
}

/** The sheet as a table; `names` labels the columns. */
export function scoreSheet(scores: Score[], seats: SeatInfo[], names: (seat: number) => string): HTMLElement {
  const keys: string[] = [];
  for (const score of scores) {
    for (const [key, value] of Object.entries(score.breakdown ?? {})) {
      if (key !== "total" && cell(value) !== null && !keys.includes(key)) keys.push(key);
    }
  }
  return h(
    "table",
    { class: "sheet" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, ""),
        scores.map((_, seat) => h("th", { scope: "col" }, names(seats[seat]?.seat ?? seat))),
      ),
    ),
    h(
      "tbody",
      {},
      keys.map((key) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, rowName(key)),
          scores.map((score) => {
            const value = score.breakdown?.[key];
            return h("td", { title: detail(value) || null }, cell(value) ?? "");
          }),
        ),
      ),
      h(
        "tr",
        { class: "total" },
        h("th", { scope: "row" }, t("table.total")),
        scores.map((score) => h("td", {}, String(score.total))),
      ),
    ),
  );
}
