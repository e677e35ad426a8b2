// The hint panel of a table: where hints are allowed (games against AI, tables created with hints
// on), a "Hint" button at the seat's turn lists the three best moves with their values; choosing
// one outlines its places on the board (the drawing's data-target ids), and the evaluation bar
// shows the position's value for this seat.

import { ApiError, type View } from "./api";
import { analysisApi, type Hint, type HintMove } from "./analysis_api";
import { h, replace } from "./dom";
import { evalBar, moveValueText } from "./evalbar";
import { num, ta } from "./i18n_analysis";
import { errorText } from "./words";

export class HintPanel {
  readonly element = h("section", { class: "card hint-card", id: "hints", "aria-labelledby": "hints-title" });
  private view: View | null = null;
  private token: string | null = null;
  private hint: Hint | null = null;
  private hintSeq = -1;
  private chosen: string | null = null;
  private asking = false;
  private error = "";

  constructor(
    private board: HTMLElement,
    private table: string,
    private play: (move: HintMove) => void,
  ) {}

  /** A new view (or the same one drawn again): redraw, and outline the chosen move again. */
  update(view: View, token: string | null): void {
    if (this.view && view.seq !== this.view.seq) {
      this.chosen = null;
      this.error = "";
    }
    this.view = view;
    this.token = token;
    this.render();
  }

  private allowed(): boolean {
    const view = this.view;
    return !!view && view.status === "running" && view.you !== null && !!view.hints?.allowed;
  }

  render(): void {
    const view = this.view;
    if (!view || !this.allowed()) {
      replace(this.element);
      this.element.hidden = true;
      return;
    }
    this.element.hidden = false;
    const mine = view.to_move === view.you;
    const fresh = this.hint !== null && this.hintSeq === view.seq;
    const note = this.hint && !fresh ? ta("hints.stale", { n: this.hint.position }) : "";
    replace(
      this.element,
      h("h2", { id: "hints-title" }, ta("eval.title")),
      evalBar(this.hint?.value ?? null, view.players, note),
      h(
        "div",
        { class: "hint-actions" },
        h(
          "button",
          {
            type: "button",
            id: "hint",
            title: ta("hints.askTitle"),
            disabled: !mine || this.asking || fresh,
            onclick: () => void this.ask(),
          },
          "✦ ",
          ta("hints.ask"),
        ),
        this.asking
          ? h("span", { class: "thinking", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), ta("hints.thinking"))
          : null,
        !mine ? h("span", { class: "muted" }, ta("hints.yourTurn")) : null,
      ),
      this.error ? h("p", { class: "message error", role: "alert" }, this.error) : null,
      fresh && this.hint ? this.moves(this.hint) : null,
    );
    this.outline();
  }

  private moves(hint: Hint): HTMLElement {
    if (hint.forced) return h("p", { class: "hint-forced" }, ta("hints.forced", { move: hint.moves[0]?.action ?? "" }));
    return h(
      "div",
      {},
      h(
        "ol",
        { class: "hint-moves", id: "hint-moves" },
        hint.moves.map((move) =>
          h(
            "li",
            { class: move.action === this.chosen ? "chosen" : "" },
            h(
              "button",
              {
                type: "button",
                class: "hint-move",
                "data-action": move.action,
                "aria-pressed": String(move.action === this.chosen),
                title: ta("hints.show", { move: move.action }),
                onclick: () => {
                  this.chosen = this.chosen === move.action ? null : move.action;
                  this.render();
                },
              },
              h("code", {}, move.action),
            ),
            h("span", { class: "hint-value" }, moveValueText(move, hint.players)),
            h(
              "button",
              {
                type: "button",
                class: "hint-play",
                title: ta("hints.playTitle", { move: move.action }),
                onclick: () => this.play(move),
              },
              "▶ ",
              ta("hints.play"),
            ),
          ),
        ),
      ),
      h("p", { class: "muted small" }, ta("hints.info", { n: num(hint.iterations, 0) })),
    );
  }

  /** Outline the chosen move's places on the board (or its button when it has none). */
  private outline(): void {
    const root = this.board.parentElement?.parentElement ?? document;
    for (const element of root.querySelectorAll(".sw-hint")) element.classList.remove("sw-hint");
    for (const ring of this.board.querySelectorAll(".sw-hint-ring")) ring.remove();
    const move = this.hint?.moves.find((m) => m.action === this.chosen);
    if (!move || this.hintSeq !== this.view?.seq) return;
    for (const target of move.targets) {
      for (const element of this.board.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)) {
        element.classList.add("sw-hint");
        ring(element);
      }
    }
    if (!move.targets.length) {
      for (const button of root.querySelectorAll(`[data-notation="${CSS.escape(move.action)}"]`)) {
        button.classList.add("sw-hint");
      }
    }
  }

  private async ask(): Promise<void> {
    const view = this.view;
    if (!view || this.asking) return;
    this.asking = true;
    this.error = "";
    this.render();
    try {
      const hint = await analysisApi.hint(this.table, this.token, view.seq);
      this.hint = hint;
      this.hintSeq = view.seq;
      this.chosen = hint.moves[0]?.action ?? null;
    } catch (error) {
      this.error = error instanceof ApiError && error.code === "busy" ? ta("error.busy") : errorText(error);
    } finally {
      this.asking = false;
      this.render();
    }
  }
}

/**
 * A violet ring over a target, drawn in the target's own coordinates (inside a group target, or
 * beside a shape target), above the game's outlines and the click highlights; it takes no clicks.
 */
function ring(element: Element): void {
  if (!(element instanceof SVGGraphicsElement)) return;
  let box: DOMRect;
  try {
    box = element.getBBox();
  } catch {
    return;
  }
  if (!box.width && !box.height) return;
  const pad = Math.max(2, Math.min(box.width, box.height) * 0.08);
  const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  rect.setAttribute("class", "sw-hint-ring");
  rect.setAttribute("x", String(box.x - pad));
  rect.setAttribute("y", String(box.y - pad));
  rect.setAttribute("width", String(box.width + 2 * pad));
  rect.setAttribute("height", String(box.height + 2 * pad));
  rect.setAttribute("rx", String(pad));
  rect.setAttribute("pointer-events", "none");
  if (element instanceof SVGGElement) element.appendChild(rect);
  else element.after(rect);
}

/** The lobby's and the table's mark for a table created with hints on. */
export function hintsBadge(): HTMLElement {
  return h("span", { class: "badge hints-on", title: ta("hints.onTitle") }, "✦ ", ta("hints.on"));
}
