// Words built from data: a seat's name, an AI level, an API error, in the current language.

import { ApiError, type SeatInfo } from "./api";
import { has, t, type Key } from "./i18n";

/** A refusal or failure as a sentence: the general reason in this language, then the server's. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `error.${error.code}` as Key;
    const general = t(key) === key ? t("error.http") : t(key);
    return error.message && error.code !== "network" ? `${general} ${error.message}` : general;
  }
  return t("error.http");
}

/** How a seat is called: its name, "AI easy", an open seat; "(you)" for the viewer. */
export function seatName(seat: SeatInfo | undefined, index: number, you: number | null): string {
  const base =
    seat?.kind === "ai"
      ? t("table.ai", { level: agentName(seat.agent ?? seat.name ?? "") })
      : seat?.name || (seat?.kind === "open" ? t("table.open") : t("table.seat", { n: index }));
  return index === you ? `${base} (${t("table.you")})` : base;
}

/** An AI level in the current language (any other agent spec as it is). */
export function agentName(agent: string): string {
  const key = `agent.${agent}`;
  return has(key) ? t(key) : agent;
}


/** A log line in the current language: the server's two fixed words translated, notation kept. */
export function logText(text: string): string {
  if (text.startsWith("chance: ")) return `${t("log.chance")} ${text.slice(8)}`;
  if (text === "(hidden)") return t("log.hidden");
  return text;
}
