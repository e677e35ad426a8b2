// The table page: the board of this seat, whose turn it is, the choices, the move log, the score
// sheet, the rules summary, undo/resign/rematch and the end summary. Live over the WebSocket.

import { ApiError, api, type LegalAction, type LogEntry, type Score, type View } from "./api";
import { Board, targetLabel } from "./board";
import { copyText, h, replace } from "./dom";
import { errorText, logText, seatName } from "./words";
import { choiceEffects } from "./effects";
import { language, onLanguageChange, t } from "./i18n";
import { rulesSummary } from "./rules";
import { scoreSheet } from "./scores";
import { adoptFragmentToken, type HeldSeat, heldSeats, holdSeat, storeInvites, storedInvites } from "./seats";
import { TableSocket, type Update } from "./socket";
import { HintPanel, hintsBadge } from "./hints";
import { ta } from "./i18n_analysis";

/** One open table page; `dispose` closes its connection when the app navigates away. */
export interface Page {
  dispose(): void;
}

/** Whether the board fills the column's width (scrolling) rather than the window's height. */
function wide(): boolean {
  return localStorage.getItem("stonework.wide") === "1";
}

/** The corners the Aztec 3D view is seen from, in the order of the API's `view` (quarter turns). */
const CORNERS = ["SW", "SE", "NE", "NW"];

/** The corner this browser last turned the Aztec 3D view to (`view` 0-3). */
function storedTurn(): number {
  const n = Number(localStorage.getItem("stonework.aztec.view") ?? "0");
  return Number.isInteger(n) && n >= 0 && n < CORNERS.length ? n : 0;
}

/** A seat's final total: the result gives a number or a whole score, the view a running one. */
function finalTotal(result: Score | number | undefined, running: number | undefined): number {
  if (typeof result === "number") return result;
  return result?.total ?? running ?? 0;
}

export function openTable(root: HTMLElement, table: string, navigate: (path: string) => void): Page {
  const page = new TablePage(root, table, navigate);
  void page.start();
  return page;
}

class TablePage implements Page {
  private view: View | null = null;
  private log = new Map<number, LogEntry>();
  private socket: TableSocket | null = null;
  private token: string | null = null;
  private held: HeldSeat[] = [];
  private connected = true;
  private busy = false;
  private disposed = false;
  private seenSeq = -1;
  private turnView = storedTurn();
  private boardAsk = 0;
  private boardCache: { key: string; svg: string } | null = null;
  private readonly board: Board;
  private readonly hints: HintPanel;
  private joined = false;
  private readonly els = {
    head: h("div", { class: "table-head" }),
    turn: h("div", { class: "turn", "aria-live": "polite" }),
    message: h("div", { class: "message", role: "alert", "aria-live": "assertive" }),
    boardWrap: h("div", { class: "board", tabindex: "-1", role: "region" }),
    choices: h("div", { class: "choices" }),
    summary: h("div", { class: "summary-wrap" }),
    seats: h("div", { class: "card seats-card" }),
    sheet: h("div", { class: "card" }),
    log: h("div", { class: "card log-card" }),
    rules: h("div", { class: "card" }),
    controls: h("div", { class: "controls" }),
  };

  constructor(
    private root: HTMLElement,
    private table: string,
    private navigate: (path: string) => void,
  ) {
    this.board = new Board(this.els.boardWrap, {
      submit: (action) => void this.submit({ action_id: action.id }, action.notation),
      message: (text, kind) => this.say(text, kind),
      changed: () => this.renderChoices(),
    });
    this.hints = new HintPanel(this.els.boardWrap, this.table, (move) => void this.submit({ action_id: move.id }, move.action));
    onLanguageChange(() => {
      if (this.disposed) return;
      this.render();
      // The engine's words (board labels, descriptions, the turn line) come in the new language:
      // a fresh view now, and frames in it from a new hello.
      void api.view(this.table, this.token).then(
        (fresh) => this.apply(fresh, "undo"),
        () => undefined,
      );
      if (this.socket) this.connect();
    });
    document.addEventListener("keydown", this.onKey);
  }

  dispose(): void {
    this.disposed = true;
    this.socket?.close();
    document.removeEventListener("keydown", this.onKey);
  }

  async start(): Promise<void> {
    replace(
      this.root,
      h(
        "div",
        { class: "table-page" },
        this.els.head,
        this.els.turn,
        this.els.message,
        h(
          "div",
          { class: "table-grid" },
          h("div", { class: "main-col" }, this.els.summary, this.els.boardWrap),
          h(
            "div",
            { class: "side-col" },
            this.els.choices,
            this.hints.element,
            this.els.controls,
            this.els.seats,
            this.els.sheet,
            this.els.log,
            this.els.rules,
          ),
        ),
      ),
    );
    adoptFragmentToken(this.table);
    const params = new URLSearchParams(location.search);
    const invite = params.get("invite");
    if (invite) {
      try {
        const joined = await api.join(this.table, invite);
        holdSeat(this.table, joined.seat, joined.token);
        this.joined = true;
      } catch (error) {
        // A seat this browser already took through the same link is no error worth stopping on.
        if (!(error instanceof ApiError && error.code === "conflict" && heldSeats(this.table).length)) {
          this.say(errorText(error), "error");
        }
      }
      history.replaceState(null, "", `/t/${this.table}`);
    }
    this.held = heldSeats(this.table);
    this.token = this.held[0]?.token ?? null;
    try {
      this.apply(await api.view(this.table, this.token), "http");
    } catch (error) {
      if (error instanceof ApiError && error.code === "unauthorized" && this.token) {
        this.token = null;
        this.apply(await api.view(this.table, null).catch(() => null), "http");
      } else {
        this.say(errorText(error), "error");
        // No such table: nothing to listen to. Other failures may pass; the socket retries.
        if (error instanceof ApiError && error.code === "not_found") return;
      }
    }
    if (this.disposed) return;
    this.connect();
  }

  private connect(): void {
    this.socket?.close();
    this.socket = new TableSocket(this.table, this.token, () => this.view?.seq ?? 0, {
      onUpdate: (update) => this.onUpdate(update),
      onStatus: (connected) => {
        this.connected = connected;
        this.renderTurn();
      },
      onError: (text) => this.say(text, "error"),
    });
  }

  private onUpdate(update: Update): void {
    for (const entry of update.events) this.log.set(entry.seq, entry);
    this.apply(update.view, "socket");
  }

  /** Take a new view: frames always (they come in order), HTTP answers unless already overtaken. */
  private apply(view: View | null, source: "http" | "socket" | "undo"): void {
    if (!view || this.disposed) return;
    if (source === "http" && this.view && view.seq < this.view.seq) return;
    if (this.view && view.seq < this.view.seq) {
      for (const seq of [...this.log.keys()]) if (seq > view.seq) this.log.delete(seq);
    }
    for (const entry of view.log ?? []) this.log.set(entry.seq, entry);
    this.view = view;
    // Hotseat: whoever is to move among the seats this browser holds takes the screen.
    const mover = this.held.find((seat) => seat.seat === view.to_move);
    if (mover && mover.token !== this.token && view.status === "running") {
      this.token = mover.token;
      this.say(t("table.switchSeat", { n: mover.seat }), "info");
      void api.view(this.table, this.token).then(
        (fresh) => this.apply(fresh, "undo"),
        () => undefined,
      );
      this.connect();
    }
    this.render();
  }

  private render(): void {
    const view = this.view;
    if (!view) return;
    document.title = `${this.gameTitle()} · stonework`;
    this.els.boardWrap.setAttribute("aria-label", t("table.board"));
    this.renderHead();
    this.renderTurn();
    this.showBoard(view);
    this.markLast();
    this.renderChoices();
    this.hints.update(view, this.token);
    if (this.joined && view.hints?.table) {
      // Joining a table with hints on agrees to them: say so once, where the seat was taken.
      this.joined = false;
      this.say(ta("hints.joined"), "info");
    }
    this.renderSummary();
    this.renderSeats();
    replace(
      this.els.sheet,
      h("h2", {}, t("table.scores")),
      scoreSheet(view.scores, view.seats, (seat) => seatName(view.seats[seat], seat, view.you)),
    );
    this.renderLog();
    replace(
      this.els.rules,
      h(
        "details",
        {},
        h("summary", {}, t("table.rules")),
        h(
          "ul",
          { class: "rules" },
          rulesSummary(view.game).map((line) => h("li", {}, line)),
        ),
      ),
    );
    this.renderControls();
  }

  /** The drawing: the view's own, or for a turned Aztec 3D view the server's turned one. */
  private showBoard(view: View): void {
    const legal = view.status === "running" ? view.legal : [];
    if (view.game !== "aztec" || this.turnView === 0) {
      this.board.show(view.game, view.svg, legal);
      return;
    }
    const key = `${view.seq}|${this.turnView}|${language()}|${this.token ?? ""}`;
    if (this.boardCache?.key === key) {
      this.board.show(view.game, this.boardCache.svg, legal);
      return;
    }
    // Until the turned drawing arrives the board keeps what it shows (the first time: the
    // view's own), so a turn does not flash the other corner.
    if (!this.els.boardWrap.querySelector("svg")) this.board.show(view.game, view.svg, legal);
    const ask = ++this.boardAsk;
    api.board(this.table, this.token, this.turnView).then(
      (drawing) => {
        if (ask !== this.boardAsk || this.disposed || this.view?.seq !== drawing.seq) return;
        this.boardCache = { key, svg: drawing.svg };
        this.board.show(view.game, drawing.svg, this.view.status === "running" ? this.view.legal : []);
        this.markLast();
        this.renderChoices();
      },
      () => {
        if (ask === this.boardAsk) this.board.show(view.game, view.svg, legal);
      },
    );
  }

  /** Turn the Aztec 3D view a quarter (`step` 1) or back (-1); the plan and its targets stay. */
  private turn(step: number): void {
    if (this.view?.game !== "aztec") return;
    this.turnView = (this.turnView + step + CORNERS.length) % CORNERS.length;
    localStorage.setItem("stonework.aztec.view", String(this.turnView));
    this.renderHead();
    this.showBoard(this.view);
    this.markLast();
  }

  private gameTitle(): string {
    const game = this.view?.game ?? "";
    return game.charAt(0).toUpperCase() + game.slice(1);
  }

  private renderHead(): void {
    const view = this.view as View;
    replace(
      this.els.head,
      h("h1", {}, this.gameTitle()),
      h("span", { class: `badge status-${view.status}` }, t(`status.${view.status}`)),
      h("code", { class: "table-id" }, view.table),
      view.hints?.table ? hintsBadge() : null,
      view.you === null ? h("span", { class: "muted" }, t("table.spectator")) : null,
      h(
        "button",
        {
          type: "button",
          id: "board-size",
          class: "board-size",
          "aria-pressed": String(wide()),
          onclick: () => {
            localStorage.setItem("stonework.wide", wide() ? "0" : "1");
            this.render();
          },
        },
        "⤢ ",
        t("table.wide"),
      ),
      view.game === "aztec"
        ? h(
            "span",
            { class: "turn-view", role: "group", "aria-label": t("table.viewFrom", { corner: CORNERS[this.turnView] }) },
            h(
              "button",
              { type: "button", id: "turn-back", title: t("table.turnViewBack"), "aria-label": t("table.turnViewBack"), onclick: () => this.turn(-1) },
              "⟲",
            ),
            h("span", { class: "corner", id: "view-corner" }, t("table.viewFrom", { corner: CORNERS[this.turnView] })),
            h(
              "button",
              { type: "button", id: "turn-view", title: t("table.turnView"), "aria-label": t("table.turnView"), onclick: () => this.turn(1) },
              "⟳",
            ),
          )
        : null,
    );
    this.els.boardWrap.classList.toggle("wide", wide());
  }

  private who(seat: number | null): string {
    const view = this.view as View;
    return seat === null ? "" : seatName(view.seats[seat], seat, view.you);
  }

  private renderTurn(): void {
    const view = this.view;
    if (!view) return;
    const parts: (HTMLElement | string)[] = [];
    if (!this.connected) parts.push(h("span", { class: "warn" }, "⚠ ", t("table.connection")));
    if (view.status === "finished") parts.push(t("table.finished"));
    else if (view.status === "abandoned") parts.push(t("table.abandoned"));
    else if (view.status === "waiting") parts.push(t("table.waiting"));
    else if (view.to_move !== null && view.to_move === view.you) {
      // At a hotseat table, say which of this screen's seats is to move.
      const hotseat = this.held.length > 1 ? ` — ${this.who(view.to_move).replace(/ \(.*\)$/, "")}` : "";
      parts.push(h("strong", { class: "your-turn" }, "▶ ", t("table.yourTurn"), hotseat));
    } else if (view.to_move !== null) {
      parts.push(t("table.turnOf", { who: this.who(view.to_move) }));
    }
    // The server words what the seat does in the language the view was asked in.
    if (view.status === "running" && view.turn) {
      parts.push(h("span", { class: "detail" }, view.turn));
    }
    if (view.thinking && view.status === "running") {
      parts.push(
        h(
          "span",
          { class: "thinking", role: "status" },
          h("span", { class: "spinner", "aria-hidden": "true" }),
          t("table.thinking", { who: this.who(view.to_move) }),
        ),
      );
    }
    replace(this.els.turn, parts);
  }

  /** Mark the elements the drawing flags as the last move (the engine draws its own outline too). */
  private markLast(): void {
    for (const element of this.els.boardWrap.querySelectorAll("[data-last]")) element.classList.add("sw-last");
  }

  private renderChoices(): void {
    const view = this.view;
    if (!view) return;
    const mine = view.status === "running" && view.you !== null && view.to_move === view.you;
    if (!mine || view.legal.length === 0) {
      replace(this.els.choices);
      return;
    }
    const clickable = this.board.clickable();
    const buttons = view.legal.filter((action) => action.targets.length === 0);
    const parts: (HTMLElement | null)[] = [h("h2", {}, t("table.actions"))];
    if (clickable.length) {
      const orientations = this.board.orientations();
      if (view.game === "aztec" && orientations.length > 1) {
        const chosen = this.board.chosenOrientation();
        parts.push(
          h(
            "div",
            { class: "orientations", role: "group", "aria-label": t("table.orientation") },
            h("span", { class: "label" }, t("table.orientation")),
            h(
              "button",
              { type: "button", "aria-pressed": String(chosen === null), onclick: () => this.board.setOrientation(null) },
              t("table.anyOrientation"),
            ),
            orientations.map((name) =>
              h(
                "button",
                {
                  type: "button",
                  class: "orient",
                  "data-orientation": name,
                  "aria-pressed": String(chosen === name),
                  onclick: () => this.board.setOrientation(name),
                },
                name,
              ),
            ),
          ),
        );
      }
      const selection = this.board.selection();
      const current = this.board.current();
      const complete = this.board.complete();
      parts.push(
        h(
          "p",
          { class: "selection" },
          selection.length ? t("table.selected", { what: selection.map(targetLabel).join(" → ") }) : t("table.clickHint"),
        ),
      );
      const nextChoices = this.board.nextChoices();
      if (nextChoices.length > 0 && nextChoices.length <= 12) {
        parts.push(
          h(
            "div",
            { class: "action-buttons next-choices" },
            nextChoices.map((choice) =>
              h(
                "button",
                {
                  type: "button",
                  class: "next-choice",
                  "data-choice": choice.target,
                  title: this.describe(choice.actions) || null,
                  onclick: () => this.board.choose(choice.target),
                },
                choice.label,
                choiceEffects(choice.actions) ? h("small", { class: "effects" }, choiceEffects(choice.actions)) : null,
              ),
            ),
          ),
        );
      }
      if (current) {
        const level = view.game === "akropolis" ? this.board.levelOf(current) : null;
        const label = current.label + (level && level > 1 ? ` (${t("table.level", { n: level })})` : "");
        parts.push(
          h(
            "div",
            { class: "pending" },
            h("span", { class: "candidate" }, t("table.candidate", { label, n: complete.length })),
            complete.length > 1
              ? h("button", { type: "button", id: "rotate", onclick: () => this.board.cycle(1) }, "⟳ ", t("table.rotate"))
              : null,
            complete.length > 1
              ? h("button", { type: "button", onclick: () => this.board.cycle(-1), "aria-label": t("table.rotateBack") }, "⟲")
              : null,
            h("button", { type: "button", class: "primary", id: "place", onclick: () => this.board.confirm() }, t("table.place")),
          ),
        );
      }
      // What the choice in hand costs: the one shown, or all that remain if they cost the same.
      const pending = current ? [current] : selection.length ? this.board.candidates() : [];
      const cost = choiceEffects(pending);
      if (cost || current?.text) {
        parts.push(
          h(
            "p",
            { class: "effects-line", id: "effects-line" },
            current?.text ? h("span", { class: "describe" }, current.text) : null,
            cost ? h("span", { class: "cost" }, h("strong", {}, t("effects.heading"), " "), cost) : null,
          ),
        );
      }
      if (selection.length || this.board.chosenOrientation()) {
        parts.push(h("button", { type: "button", onclick: () => this.board.clear() }, t("table.clear")));
      }
    }
    if (buttons.length) {
      parts.push(
        h(
          "div",
          { class: "action-buttons" },
          buttons.map((action) =>
            h(
              "button",
              {
                type: "button",
                class: "action",
                "data-notation": action.notation,
                title: this.describe([action]) || null,
                onclick: () => void this.submit({ action_id: action.id }, action.notation),
              },
              action.label || action.notation,
              choiceEffects([action]) ? h("small", { class: "effects" }, choiceEffects([action])) : null,
            ),
          ),
        ),
      );
    }
    parts.push(this.notationForm(view.legal));
    replace(this.els.choices, parts);
  }

  /** A tooltip for a choice: what it does (when it is one action) and what it costs. */
  private describe(actions: LegalAction[]): string {
    const what = actions.length === 1 ? (actions[0].text ?? "") : "";
    return [what, choiceEffects(actions)].filter(Boolean).join(" — ");
  }

  private notationForm(legal: LegalAction[]): HTMLElement {
    const input = h("input", {
      id: "notation",
      type: "text",
      autocomplete: "off",
      list: "legal-notations",
      spellcheck: "false",
    });
    return h(
      "form",
      {
        class: "notation-form",
        onsubmit: (event: Event) => {
          event.preventDefault();
          const text = input.value.trim();
          if (text) void this.submit({ action: text }, text);
        },
      },
      h("label", { for: "notation" }, t("table.notation")),
      input,
      h("datalist", { id: "legal-notations" }, legal.slice(0, 400).map((action) => h("option", { value: action.notation }))),
      h("button", { type: "submit" }, t("table.play")),
    );
  }

  private async submit(action: { action?: string; action_id?: number }, _notation: string): Promise<void> {
    const view = this.view;
    if (!view || this.busy) return;
    this.busy = true;
    this.say("", "info");
    try {
      this.apply(await api.act(this.table, this.token, view.seq, action), "http");
    } catch (error) {
      this.refused(error);
    } finally {
      this.busy = false;
    }
  }

  /** A refusal: say why and put the board back as the server has it. */
  private refused(error: unknown): void {
    const text = error instanceof ApiError && error.message ? error.message : errorText(error);
    this.say(t("table.refused", { message: error instanceof ApiError ? `${errorText(error)}` : text }), "error");
    this.board.clear();
    if (error instanceof ApiError && error.code === "conflict") {
      void api.view(this.table, this.token).then(
        (fresh) => this.apply(fresh, "undo"),
        () => undefined,
      );
    }
  }

  private renderSummary(): void {
    const view = this.view as View;
    if (view.status !== "finished" || !view.result) {
      replace(this.els.summary);
      return;
    }
    const result = view.result;
    const order = result.ranking.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place);
    replace(
      this.els.summary,
      h(
        "section",
        { class: "card summary", id: "summary", "aria-labelledby": "summary-title" },
        h("h2", { id: "summary-title" }, t("table.summary")),
        h(
          "ol",
          { class: "ranking" },
          order.map(({ place, seat }) =>
            h(
              "li",
              { class: place === 1 ? "winner" : "" },
              h("span", { class: "place" }, place === 1 ? `★ ${t("table.place1")}` : t("table.placeN", { n: place })),
              " ",
              this.who(seat),
              " — ",
              t("table.points", { n: finalTotal(result.scores[seat], view.scores[seat]?.total) }),
            ),
          ),
        ),
        result.resigned !== null && result.resigned !== undefined
          ? h("p", {}, t("table.resigned", { who: this.who(result.resigned) }))
          : null,
        scoreSheet(view.scores, view.seats, (seat) => this.who(seat)),
      ),
    );
  }

  private renderSeats(): void {
    const view = this.view as View;
    const invites = view.status === "waiting" || view.seats.some((s) => s.kind === "open") ? storedInvites(this.table) : [];
    replace(
      this.els.seats,
      h(
        "ul",
        { class: "seat-list" },
        view.seats.map((seat, i) =>
          h(
            "li",
            { class: i === view.to_move ? "to-move" : "" },
            h("span", { class: `seat-mark seat-${i}`, "aria-hidden": "true" }, String(i)),
            h("span", {}, this.who(i)),
            seat.kind === "human" || seat.kind === "open"
              ? h(
                  "span",
                  { class: seat.connected ? "dot on" : "dot off", title: seat.connected ? t("table.connected") : t("table.away") },
                  seat.connected ? "●" : "○",
                )
              : null,
            i === view.to_move ? h("span", { class: "sr-only" }, t("table.turnOf", { who: "" })) : null,
          ),
        ),
      ),
      invites.length
        ? h(
            "div",
            { class: "invites" },
            h("h2", {}, t("table.invites")),
            invites.map((invite) => {
              const button = h("button", { type: "button", class: "copy" }, t("table.copy"));
              button.addEventListener("click", () => {
                void copyText(invite.url).then(() => {
                  button.textContent = t("table.copied");
                });
              });
              return h(
                "div",
                { class: "invite" },
                h("label", {}, t("table.seat", { n: invite.seat })),
                h("input", { type: "text", readonly: true, value: invite.url, class: "invite-url", "data-seat": invite.seat }),
                button,
              );
            }),
          )
        : null,
    );
  }

  private renderLog(): void {
    const view = this.view as View;
    const entries = [...this.log.values()].filter((e) => e.seq <= view.seq).sort((a, b) => a.seq - b.seq);
    const fresh = this.seenSeq;
    this.seenSeq = view.seq;
    const list = h(
      "ol",
      { class: "log", id: "log" },
      entries.map((entry) =>
        h(
          "li",
          {
            class: [entry.seq === view.last?.seq ? "last" : "", fresh >= 0 && entry.seq > fresh ? "fresh" : ""].join(" "),
            "data-seq": entry.seq,
          },
          h("span", { class: "seq" }, String(entry.seq)),
          h("span", { class: "who" }, entry.seat === null ? "·" : this.who(entry.seat)),
          h("span", { class: "text" }, logText(entry.text)),
        ),
      ),
    );
    replace(this.els.log, h("h2", {}, t("table.log")), list);
    list.scrollTop = list.scrollHeight;
  }

  private renderControls(): void {
    const view = this.view as View;
    const seated = view.you !== null;
    const running = view.status === "running";
    replace(
      this.els.controls,
      seated && running && view.undo?.allowed
        ? h("button", { type: "button", id: "undo", onclick: () => void this.undo() }, "↶ ", t("table.undo"))
        : null,
      seated && running ? h("button", { type: "button", id: "resign", onclick: () => void this.resign() }, "⚑ ", t("table.resign")) : null,
      seated && view.status === "finished"
        ? h("button", { type: "button", id: "rematch", class: "primary", onclick: () => void this.rematch() }, "↻ ", t("table.rematch"))
        : null,
      view.status === "finished"
        ? h(
            "a",
            {
              class: "button",
              href: `/replay/${view.table}`,
              onclick: (event: Event) => {
                event.preventDefault();
                this.navigate(`/replay/${view.table}`);
              },
            },
            "▶ ",
            t("table.replay"),
          )
        : null,
      view.status === "finished"
        ? h(
            "a",
            {
              class: "button",
              id: "review-link",
              href: `/replay/${view.table}#review`,
              onclick: (event: Event) => {
                event.preventDefault();
                this.navigate(`/replay/${view.table}#review`);
              },
            },
            "∿ ",
            ta("review.title"),
          )
        : null,
    );
  }

  private async undo(): Promise<void> {
    const view = this.view as View;
    try {
      this.apply(await api.undo(this.table, this.token, view.seq), "undo");
    } catch (error) {
      this.refused(error);
    }
  }

  private async resign(): Promise<void> {
    if (!window.confirm(t("table.resignConfirm"))) return;
    try {
      this.apply(await api.resign(this.table, this.token), "http");
    } catch (error) {
      this.refused(error);
    }
  }

  private async rematch(): Promise<void> {
    try {
      const created = await api.rematch(this.table, this.token);
      for (const seat of created.seats) if (seat.token) holdSeat(created.table, seat.seat, seat.token);
      storeInvites(
        created.table,
        created.invites.map((invite) => ({ seat: invite.seat, url: new URL(invite.url, location.origin).href })),
      );
      this.navigate(`/t/${created.table}`);
    } catch (error) {
      this.refused(error);
    }
  }

  private say(text: string, kind: "info" | "error"): void {
    this.els.message.className = `message ${kind}`;
    replace(this.els.message, text);
  }

  private onKey = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, select")) return;
    if (event.key === "t" || event.key === "T") {
      this.turn(event.shiftKey ? -1 : 1);
    } else if (event.key === "r" || event.key === "R") {
      if (!this.els.boardWrap.contains(target)) this.board.cycle(event.shiftKey ? -1 : 1);
    } else if (event.key === "Enter" && !target.closest("button, a, [data-target]")) {
      this.board.confirm();
    } else if (event.key === "Escape") {
      this.board.clear();
    }
  };
}
