// The evaluation bar, the verdict marks of the move log and the evaluation graph of a review:
// drawn from the analysis values alone (win probability with 2 players, expected rank with 3-4).

import type { ReviewDecision, Value, Verdict } from "./analysis_api";
import { h } from "./dom";
import { num, signed, ta } from "./i18n_analysis";

/** The symbol of a verdict, as chess annotations write them (a colour comes with it in CSS). */
export const VERDICT_MARK: Record<Verdict, string> = {
  forced: "□",
  best: "!",
  good: "✓",
  inaccuracy: "?!",
  mistake: "?",
  blunder: "??",
};

/** A value in words: "Win probability 62%" or "Expected rank 1.8 of 4", and the margin. */
export function valueText(value: Value, players: number): string {
  const margin = ta("eval.margin", { m: signed(value.margin) });
  if (players === 2) return `${ta("eval.win", { p: num(100 * value.expected, 0) })} · ${margin}`;
  const rank = value.expected_rank ?? 1 + (1 - value.expected) * (players - 1);
  return `${ta("eval.rank", { r: num(rank, 2), n: players })} · ${margin}`;
}

/** A move's value, short: "62% win, margin +1.2" or "rank 1.80, margin +1.2". */
export function moveValueText(move: { expected?: number; margin?: number; expected_rank?: number }, players: number): string {
  if (move.expected === undefined) return "";
  const margin = ta("move.margin", { m: signed(move.margin ?? 0) });
  if (players === 2) return `${ta("move.win", { p: num(100 * move.expected, 0) })}, ${margin}`;
  const rank = move.expected_rank ?? 1 + (1 - move.expected) * (players - 1);
  return `${ta("move.rank", { r: num(rank, 2) })}, ${margin}`;
}

/** The bar: filled to the expected result (the win probability with two players). */
export function evalBar(value: Value | null, players: number, note = ""): HTMLElement {
  if (!value) return h("div", { class: "eval", id: "eval" }, h("p", { class: "muted" }, ta("eval.none")));
  const percent = Math.round(100 * value.expected);
  const text = valueText(value, players);
  return h(
    "div",
    { class: "eval", id: "eval" },
    h(
      "div",
      {
        class: "eval-bar",
        role: "meter",
        "aria-valuemin": 0,
        "aria-valuemax": 100,
        "aria-valuenow": percent,
        "aria-label": text,
        "data-expected": value.expected.toFixed(4),
      },
      h("div", { class: "eval-fill", style: `width: ${percent}%` }),
      h("div", { class: "eval-mid", "aria-hidden": "true" }),
    ),
    h("p", { class: "eval-text" }, text, note ? h("span", { class: "muted" }, ` (${note})`) : null),
  );
}

/** How much a move lost, in the reader's terms. */
export function lossText(loss: number, players: number): string {
  if (players === 2) return ta("review.loss2", { p: num(100 * loss, 1) });
  return ta("review.lossN", { p: num(loss, 3) });
}

/** The verdict mark appended to a log line. */
export function verdictMark(decision: ReviewDecision, players: number): HTMLElement {
  const verdict = decision.verdict ?? "forced";
  const best = decision.top[0]?.action ?? "";
  const tip = ta("verdict.tip", {
    verdict: ta(`verdict.${verdict}`),
    loss: lossText(decision.loss ?? 0, players),
    best,
  });
  return h(
    "span",
    { class: `verdict verdict-${verdict}`, title: tip, "data-verdict": verdict },
    VERDICT_MARK[verdict],
    h("span", { class: "sr-only" }, ` ${tip}`),
  );
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * The evaluation graph of one seat over the game: x is the log position, y the expected result
 * (top: a sure win or first place). The line joins the value of each decision's position (the
 * search's choice); each dot is the move played, coloured by its verdict; `at` marks the replay's
 * position. Clicking a dot calls `jump` with the position before that move.
 */
export function evalGraph(
  decisions: ReviewDecision[],
  entries: number,
  players: number,
  at: number,
  title: string,
  jump: (position: number) => void,
): SVGElement {
  const width = 320;
  const height = 120;
  const pad = 6;
  const x = (entry: number) => pad + ((width - 2 * pad) * entry) / Math.max(1, entries);
  const y = (expected: number) => pad + (height - 2 * pad) * (1 - expected);
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "eval-graph",
    id: "eval-graph",
    role: "img",
    "aria-label": title,
  });
  root.appendChild(svg("title", {}, title));
  root.appendChild(svg("rect", { x: 0, y: 0, width, height, class: "graph-bg" }));
  root.appendChild(svg("line", { x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5), class: "graph-mid" }));
  const judged = decisions.filter((d) => d.top.length > 0);
  if (judged.length) {
    const points = judged.map((d) => `${x(d.entry).toFixed(1)},${y(d.top[0].expected).toFixed(1)}`).join(" ");
    root.appendChild(svg("polyline", { points, class: "graph-line" }));
  }
  root.appendChild(svg("line", { x1: x(at), x2: x(at), y1: 0, y2: height, class: "graph-at" }));
  for (const decision of decisions) {
    const value = decision.played?.expected ?? decision.top[0]?.expected;
    if (value === undefined) continue;
    const verdict = decision.verdict ?? "forced";
    const dot = svg("circle", {
      cx: x(decision.entry).toFixed(1),
      cy: y(value).toFixed(1),
      r: verdict === "mistake" || verdict === "blunder" ? 4.5 : 3,
      class: `graph-dot verdict-${verdict}`,
      "data-entry": decision.entry,
      tabindex: 0,
    });
    dot.appendChild(svg("title", {}, `${decision.entry + 1}. ${decision.played?.action ?? ""} — ${ta(`verdict.${verdict}`)}`));
    dot.addEventListener("click", () => jump(decision.entry));
    dot.addEventListener("keydown", (event) => {
      if ((event as KeyboardEvent).key === "Enter") jump(decision.entry);
    });
    root.appendChild(dot);
  }
  if (players > 2) {
    root.appendChild(svg("text", { x: pad + 2, y: pad + 9, class: "graph-label" }, "1"));
    root.appendChild(svg("text", { x: pad + 2, y: height - pad - 2, class: "graph-label" }, String(players)));
  } else {
    root.appendChild(svg("text", { x: pad + 2, y: pad + 9, class: "graph-label" }, "100%"));
    root.appendChild(svg("text", { x: pad + 2, y: height - pad - 2, class: "graph-label" }, "0%"));
  }
  return root;
}
