// The replay viewer: a finished table's views after 0..n log entries, stepped, jumped or autoplayed.

import { api, type SeatInfo, type View } from "./api";
import { h, replace } from "./dom";
import { language, onLanguageChange, t } from "./i18n";
import { scoreSheet } from "./scores";
import type { Page } from "./table";
import { ReviewPanel } from "./review";
import { heldSeats } from "./seats";
import { errorText, logText, seatName } from "./words";

export function openReplay(root: HTMLElement, table: string, navigate: (path: string) => void): Page {
  let disposed = false;
  let timer: number | undefined;
  let position = 0;
  let total = 0;
  let perspective: number | null = null;
  let view: View | null = null;
  let request = 0;
  let tableSeats: SeatInfo[] = [];
  let game = "";
  let review: ReviewPanel | null = null;
  const cache = new Map<string, View>();
  const message = h("div", { class: "message error", role: "alert" });
  const board = h("div", { class: "board replay-board" });
  const bar = h("div", { class: "replay-bar" });
  const info = h("div", { class: "side-col" });
  const head = h("div", { class: "table-head" });

  replace(
    root,
    h(
      "div",
      { class: "table-page" },
      head,
      message,
      bar,
      h("div", { class: "table-grid" }, h("div", { class: "main-col" }, board), info),
    ),
  );

  async function load(n: number): Promise<void> {
    position = Math.max(0, Math.min(total, n));
    // The drawing's words follow the language; an Aztec 3D view is seen from the table's corner.
    const turn = game === "aztec" ? Number(localStorage.getItem("stonework.aztec.view") ?? "0") % 4 || 0 : 0;
    const key = `${position}/${perspective}/${language()}/${turn}`;
    const mine = ++request;
    try {
      const fresh = cache.get(key) ?? (await api.replay(table, position, perspective, turn));
      cache.set(key, fresh);
      if (mine !== request || disposed) return;
      view = fresh;
      replace(message);
      render();
    } catch (error) {
      replace(message, errorText(error));
      stop();
    }
  }

  function stop(): void {
    window.clearInterval(timer);
    timer = undefined;
    renderBar();
  }

  function play(): void {
    if (timer !== undefined) return stop();
    if (position >= total) position = 0;
    timer = window.setInterval(() => {
      if (position >= total) stop();
      else void load(position + 1);
    }, 900);
    renderBar();
  }

  function renderBar(): void {
    const slider = h("input", {
      type: "range",
      id: "replay-slider",
      min: 0,
      max: total,
      value: position,
      "aria-label": t("replay.position", { n: position, total }),
      oninput: (event: Event) => void load(Number((event.target as HTMLInputElement).value)),
    });
    const seats = view?.seats ?? tableSeats;
    replace(
      bar,
      h("button", { type: "button", id: "replay-first", onclick: () => void load(0) }, "|◀ ", t("replay.first")),
      h("button", { type: "button", id: "replay-back", onclick: () => void load(position - 1) }, "◀ ", t("replay.back")),
      h(
        "button",
        { type: "button", id: "replay-play", class: "primary", onclick: play },
        timer === undefined ? `▶ ${t("replay.play")}` : `❚❚ ${t("replay.pause")}`,
      ),
      h("button", { type: "button", id: "replay-step", onclick: () => void load(position + 1) }, t("replay.step"), " ▶"),
      h("button", { type: "button", id: "replay-last", onclick: () => void load(total) }, t("replay.last"), " ▶|"),
      slider,
      h("span", { id: "replay-position", class: "position" }, t("replay.position", { n: position, total })),
      h(
        "label",
        { class: "perspective" },
        t("replay.perspective"),
        " ",
        h(
          "select",
          {
            id: "replay-perspective",
            onchange: (event: Event) => {
              const value = (event.target as HTMLSelectElement).value;
              perspective = value === "" ? null : Number(value);
              void load(position);
            },
          },
          h("option", { value: "", selected: perspective === null }, t("replay.spectator")),
          seats.map((seat, i) => h("option", { value: i, selected: perspective === i }, seatName(seat, i, null))),
        ),
      ),
    );
  }

  function render(): void {
    if (!view) return;
    const current = view;
    // A replay view may leave out the seats; the table's own view has them (loaded at start).
    const seats = current.seats ?? tableSeats;
    if (typeof (current as { entries?: unknown }).entries === "number") total = (current as unknown as { entries: number }).entries;
    replace(
      head,
      h("h1", {}, `${t("replay.title")} · ${current.game.charAt(0).toUpperCase()}${current.game.slice(1)}`),
      h("code", { class: "table-id" }, table),
      h(
        "a",
        {
          href: "/",
          class: "button",
          onclick: (event: Event) => {
            event.preventDefault();
            navigate("/");
          },
        },
        t("table.lobbyLink"),
      ),
    );
    board.innerHTML = current.svg;
    board.querySelector("svg")?.removeAttribute("width");
    board.querySelector("svg")?.removeAttribute("height");
    for (const element of board.querySelectorAll("[data-last]")) element.classList.add("sw-last");
    renderBar();
    // The log's entries are the first `position` of the game (their seqs may have gaps after undos).
    const entries = (current.log ?? []).slice(0, position);
    replace(
      info,
      review?.element ?? null,
      h(
        "div",
        { class: "card" },
        h("h2", {}, t("table.scores")),
        scoreSheet(current.scores, seats, (seat) => seatName(seats[seat], seat, null)),
      ),
      h(
        "div",
        { class: "card log-card" },
        h("h2", {}, t("table.log")),
        h(
          "ol",
          { class: "log", id: "log" },
          entries.map((entry) =>
            h(
              "li",
              { class: entry.seq === current.last?.seq ? "last" : "", "data-seq": entry.seq },
              h("span", { class: "seq" }, String(entry.seq)),
              h("span", { class: "who" }, entry.seat === null ? "·" : seatName(seats[entry.seat], entry.seat, null)),
              h("span", { class: "text" }, logText(entry.text)),
            ),
          ),
        ),
      ),
    );
    decorate();
  }

  function decorate(): void {
    if (!review) return;
    review.setPosition(position, total);
    const log = info.querySelector<HTMLElement>("#log");
    if (log) review.decorate(log);
  }

  const onKey = (event: KeyboardEvent) => {
    if ((event.target as HTMLElement).closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") void load(position + 1);
    else if (event.key === "ArrowLeft") void load(position - 1);
    else if (event.key === "Home") void load(0);
    else if (event.key === "End") void load(total);
  };
  document.addEventListener("keydown", onKey);
  onLanguageChange(() => {
    if (disposed) return;
    render();
    void load(position);
  });

  void (async () => {
    try {
      const [record, final] = await Promise.all([api.record(table), api.view(table, null)]);
      tableSeats = final.seats ?? [];
      game = final.game;
      // The record's count, or failing that the final view's seq (they agree on a sound server).
      total = countEntries(record) || final.seq;
      const held = heldSeats(table)[0]?.seat;
      review = new ReviewPanel(table, tableSeats, final.players, held ?? 0, (n) => void load(n), () => render());
    } catch (error) {
      replace(message, errorText(error));
      return;
    }
    await load(0);
    await review.start();
    if (location.hash === "#review") review.element.scrollIntoView({ block: "start" });
  })();

  return {
    dispose() {
      disposed = true;
      review?.dispose();
      window.clearInterval(timer);
      document.removeEventListener("keydown", onKey);
    },
  };
}

/** How many log entries (actions and chance outcomes) a record holds. */
function countEntries(record: Record<string, unknown>): number {
  for (const key of ["history", "actions", "moves", "log"]) {
    const list = record[key];
    if (Array.isArray(list)) return list.length;
  }
  return 0;
}
