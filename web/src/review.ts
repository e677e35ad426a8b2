// The review of a finished game, on the replay page: pick a seat, let the server analyse every
// move of it (progress shown; the result is kept by the server, so it is computed once), then the
// move log shows each move's verdict (colour and symbol), and the panel shows the seat's accuracy,
// its three costliest moves with the better alternative, and the evaluation graph over the game.
// A hint at the replay's current move is one click away too.

import { ApiError, type SeatInfo } from "./api";
import { analysisApi, type Hint, type ReviewDecision, type ReviewState } from "./analysis_api";
import { h, replace } from "./dom";
import { evalBar, evalGraph, lossText, moveValueText, VERDICT_MARK, verdictMark } from "./evalbar";
import { num, ta } from "./i18n_analysis";
import { errorText, seatName } from "./words";

const VERDICTS = ["best", "good", "inaccuracy", "mistake", "blunder"] as const;

export class ReviewPanel {
  readonly element = h("section", { class: "card review-card", id: "review", "aria-labelledby": "review-title" });
  private states = new Map<number, ReviewState>();
  private seat: number;
  private position = 0;
  private total = 0;
  private timer: number | undefined;
  private disposed = false;
  private error = "";
  private hint: Hint | null = null;
  private hintAt = -1;
  private hintError = "";
  private asking = false;

  constructor(
    private table: string,
    private seats: SeatInfo[],
    private players: number,
    initialSeat: number,
    private jump: (position: number) => void,
    private changed: () => void,
  ) {
    this.seat = initialSeat;
  }

  /** Load what the server already has for every seat (reviews are kept once made). */
  async start(): Promise<void> {
    await Promise.all(
      this.seats.map(async (_, seat) => {
        try {
          this.states.set(seat, await analysisApi.review(this.table, seat));
        } catch {
          // A seat whose review cannot be read now just offers the button.
        }
      }),
    );
    if (this.current()?.status === "running") this.poll();
    this.render();
    this.changed();
  }

  dispose(): void {
    this.disposed = true;
    window.clearTimeout(this.timer);
  }

  /** The replay moved: the graph's marker, the evaluation bar, and any hint belong to a position. */
  setPosition(position: number, total: number): void {
    this.position = position;
    this.total = total;
    this.render();
  }

  private current(): ReviewState | undefined {
    return this.states.get(this.seat);
  }

  private decisions(): ReviewDecision[] {
    return this.current()?.review?.decisions ?? [];
  }

  /** Add each reviewed move's verdict to the log lines (matched by their seq). */
  decorate(log: HTMLElement): void {
    const bySeq = new Map(this.decisions().map((d) => [d.seq, d]));
    for (const line of log.querySelectorAll<HTMLElement>("li[data-seq]")) {
      const decision = bySeq.get(Number(line.dataset.seq));
      if (!decision) continue;
      line.classList.add(`verdict-${decision.verdict ?? "forced"}`);
      line.appendChild(verdictMark(decision, this.players));
    }
  }

  private async begin(): Promise<void> {
    this.error = "";
    try {
      this.states.set(this.seat, await analysisApi.startReview(this.table, this.seat, null));
    } catch (error) {
      this.error = error instanceof ApiError && error.code === "busy" ? ta("error.busy") : errorText(error);
    }
    if (this.current()?.status === "running") this.poll();
    this.render();
    this.changed();
  }

  private poll(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(async () => {
      if (this.disposed) return;
      const seat = this.seat;
      try {
        const state = await analysisApi.review(this.table, seat);
        this.states.set(seat, state);
        if (state.status === "running") this.poll();
        else this.changed();
      } catch (error) {
        this.error = errorText(error);
      }
      this.render();
    }, 600);
  }

  private async askHint(): Promise<void> {
    if (this.asking) return;
    this.asking = true;
    this.hintError = "";
    const at = this.position;
    this.render();
    try {
      this.hint = await analysisApi.replayHint(this.table, at);
      this.hintAt = at;
    } catch (error) {
      this.hint = null;
      this.hintError =
        error instanceof ApiError && error.code === "conflict"
          ? ta("hints.noDecision")
          : error instanceof ApiError && error.code === "busy"
            ? ta("error.busy")
            : errorText(error);
      this.hintAt = at;
    } finally {
      this.asking = false;
      this.render();
    }
  }

  private render(): void {
    if (this.disposed) return;
    const state = this.current();
    const who = (seat: number) => seatName(this.seats[seat], seat, null);
    const select = h(
      "select",
      {
        id: "review-seat",
        onchange: (event: Event) => {
          this.seat = Number((event.target as HTMLSelectElement).value);
          this.error = "";
          if (this.current()?.status === "running") this.poll();
          this.render();
          this.changed();
        },
      },
      this.seats.map((seat, i) => h("option", { value: i, selected: i === this.seat }, seatName(seat, i, null))),
    );
    const running = state?.status === "running";
    const parts: (HTMLElement | SVGElement | null)[] = [
      h("h2", { id: "review-title" }, ta("review.title")),
      h(
        "div",
        { class: "review-controls" },
        h("label", { for: "review-seat" }, ta("review.seat"), " "),
        select,
        state?.status === "done"
          ? null
          : h(
              "button",
              {
                type: "button",
                id: "review-start",
                class: "primary",
                title: ta("review.startTitle"),
                disabled: running,
                onclick: () => void this.begin(),
              },
              state?.status === "failed" ? ta("review.retry") : ta("review.start"),
            ),
      ),
    ];
    if (running && state) {
      parts.push(
        h(
          "div",
          { class: "review-progress" },
          h("progress", { id: "review-progress", max: Math.max(1, state.total), value: state.done }),
          h("span", { role: "status" }, ta("review.progress", { n: Math.min(state.done + 1, state.total), total: state.total })),
        ),
      );
    }
    if (state?.status === "failed") parts.push(h("p", { class: "message error" }, ta("review.failed", { error: state.error ?? "" })));
    if (this.error) parts.push(h("p", { class: "message error", role: "alert" }, this.error));
    const review = state?.status === "done" ? state.review : null;
    if (review) {
      const decisions = review.decisions;
      parts.push(this.evaluation(decisions));
      parts.push(
        evalGraph(decisions, Math.max(this.total, 1), this.players, this.position, ta("review.graph", { who: who(this.seat) }), (n) =>
          this.jump(n),
        ),
        h("p", { class: "muted small" }, ta("review.graphHelp")),
      );
      parts.push(this.summaryTable());
      const costliest = review.summary.costliest;
      if (costliest.length) {
        parts.push(
          h("h3", {}, ta("review.costliest")),
          h(
            "ol",
            { class: "costliest", id: "costliest" },
            costliest.map((costly) =>
              h(
                "li",
                {},
                h(
                  "button",
                  {
                    type: "button",
                    class: "link",
                    title: ta("review.jump", { n: costly.entry + 1 }),
                    onclick: () => this.jump(costly.entry),
                  },
                  ta("review.costly", {
                    n: costly.entry + 1,
                    played: costly.played,
                    loss: lossText(costly.loss, this.players),
                    better: costly.better,
                  }),
                ),
              ),
            ),
          ),
        );
      }
      parts.push(h("p", { class: "muted small" }, ta("review.by", { agent: review.agent })));
    } else if (!running && state?.status !== "failed") {
      parts.push(h("p", { class: "muted" }, ta("review.none")));
    }
    parts.push(this.hintPart());
    replace(this.element, parts as HTMLElement[]);
  }

  /** The bar at the replay's position: the value of the reviewed seat's next decision. */
  private evaluation(decisions: ReviewDecision[]): HTMLElement {
    const next = decisions.find((d) => d.entry >= this.position && d.top.length > 0);
    const value = next ? { expected: next.top[0].expected, margin: next.top[0].margin, expected_rank: next.top[0].expected_rank } : null;
    return evalBar(value, this.players, next ? ta("hints.stale", { n: next.entry + 1 }) : "");
  }

  /** Accuracy and verdict counts of every seat reviewed so far. */
  private summaryTable(): HTMLElement {
    const reviewed = [...this.states.values()].filter((s) => s.status === "done" && s.review).sort((a, b) => a.seat - b.seat);
    return h(
      "table",
      { class: "review-summary", id: "review-summary" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ta("review.seat")),
          h("th", {}, ta("review.accuracy")),
          VERDICTS.map((v) => h("th", { title: ta(`verdict.${v}`) }, h("span", { class: `verdict verdict-${v}` }, VERDICT_MARK[v]))),
          h("th", {}, ta("review.meanLoss")),
        ),
      ),
      h(
        "tbody",
        {},
        reviewed.map((state) => {
          const summary = state.review!.summary;
          return h(
            "tr",
            { "data-seat": state.seat, class: state.seat === this.seat ? "chosen" : "" },
            h("th", {}, seatName(this.seats[state.seat], state.seat, null)),
            h("td", { class: "accuracy" }, summary.accuracy === null ? "—" : `${num(summary.accuracy, 0)}%`),
            VERDICTS.map((v) => h("td", {}, String(summary.counts[v] ?? 0))),
            h("td", {}, summary.mean_loss === null ? "—" : num(summary.mean_loss, 3)),
          );
        }),
      ),
    );
  }

  private hintPart(): HTMLElement {
    const here = this.hintAt === this.position;
    return h(
      "div",
      { class: "replay-hint" },
      h(
        "button",
        { type: "button", id: "replay-hint", disabled: this.asking || here, onclick: () => void this.askHint() },
        "✦ ",
        ta("hints.here"),
      ),
      this.asking ? h("span", { class: "thinking" }, h("span", { class: "spinner", "aria-hidden": "true" }), ta("hints.thinking")) : null,
      here && this.hintError ? h("p", { class: "muted" }, this.hintError) : null,
      here && this.hint
        ? h(
            "ol",
            { class: "hint-moves", id: "replay-hint-moves" },
            this.hint.moves.map((move) =>
              h("li", {}, h("code", {}, move.action), " ", h("span", { class: "hint-value" }, moveValueText(move, this.hint?.players ?? this.players))),
            ),
          )
        : null,
    );
  }
}
