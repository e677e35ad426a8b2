// What a Zapotec choice costs and brings before it is taken: the engine's structured `effects`
// of each legal action (docs/server.md, "The view"), worded here in the current language.

import type { Effects, LegalAction } from "./api";
import { has, t } from "./i18n";

function amount(name: string, n: number): string {
  const key = `res.${name}`;
  return `${n} ${has(key) ? t(key) : name}`;
}

function part(items: Record<string, number>): string {
  return Object.entries(items)
    .map(([name, n]) => amount(name, n))
    .join(", ");
}

/** "costs 1 wood, 1 stone · uses 1 house · brings 2 points", or "costs nothing". */
export function effectsText(effects: Effects): string {
  const parts: string[] = [];
  if (Object.keys(effects.pay).length) parts.push(t("effects.pay", { what: part(effects.pay) }));
  if (Object.keys(effects.use).length) parts.push(t("effects.use", { what: part(effects.use) }));
  if (Object.keys(effects.gain).length) parts.push(t("effects.gain", { what: part(effects.gain) }));
  return parts.length ? parts.join(" · ") : t("effects.free");
}

/** The effects every one of `actions` has, or null when they differ (or the game says none). */
export function sharedEffects(actions: LegalAction[]): Effects | null {
  const first = actions[0]?.effects;
  if (!first) return null;
  const key = JSON.stringify(first);
  return actions.every((action) => action.effects && JSON.stringify(action.effects) === key) ? first : null;
}

/** The words for what `actions` (all leading through one choice) would cost, or "". */
export function choiceEffects(actions: LegalAction[]): string {
  const shared = sharedEffects(actions);
  return shared ? effectsText(shared) : "";
}
