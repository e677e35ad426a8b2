// The lobby: create a table (game, players, options, seats), join by link, watch running games,
// and replay finished ones.

import { api, type GameInfo, type GameOption, type SeatRequest, type TableSummary } from "./api";
import { h, replace } from "./dom";
import { t, type Key } from "./i18n";
import { optionText } from "./rules";
import { holdSeat, storeInvites } from "./seats";
import { errorText, seatName } from "./words";
import { hintsBadge } from "./hints";
import { ta } from "./i18n_analysis";

type SeatChoice = "you" | "hotseat" | "friend" | "easy" | "medium" | "hard" | "expert";
const SEAT_CHOICES: [SeatChoice, Key][] = [
  ["you", "lobby.you"],
  ["hotseat", "lobby.hotseat"],
  ["friend", "lobby.friend"],
  ["easy", "lobby.aiEasy"],
  ["medium", "lobby.aiMedium"],
  ["hard", "lobby.aiHard"],
  ["expert", "lobby.aiExpert"],
];

/** Whether the server offers the "expert" seat at `players` seats of `game`. */
function offersExpert(game: GameInfo, players: number): boolean {
  return (game.expert_players ?? []).includes(players);
}

/** The seat choices at `players` seats of `game`: "expert" only where the server offers it. */
function seatChoices(game: GameInfo, players: number): [SeatChoice, Key][] {
  const expert = offersExpert(game, players);
  return SEAT_CHOICES.filter(([value]) => value !== "expert" || expert);
}

interface Form {
  game: string;
  players: number;
  options: Record<string, unknown>;
  seats: SeatChoice[];
  names: string[];
  seed: string;
  hints: boolean;
}

let games: GameInfo[] = [];
let form: Form | null = null;

/** Draw the lobby into `root`; `navigate` moves to another route of the app. */
export async function showLobby(root: HTMLElement, navigate: (path: string) => void): Promise<void> {
  replace(root, h("p", { class: "muted" }, t("app.loading")));
  const message = h("p", { class: "message error", role: "alert" });
  try {
    games = await api.games();
  } catch (error) {
    replace(root, h("p", { class: "message error", role: "alert" }, errorText(error)));
    return;
  }
  games = games.filter((game) => game.max_players >= 1);
  if (!form || !games.some((game) => game.name === form?.game)) form = freshForm(games[0]);
  const lists = h("div", { class: "lists" });
  replace(
    root,
    h(
      "div",
      { class: "lobby" },
      h("section", { class: "card create", "aria-labelledby": "create-title" }, createForm(message, navigate)),
      h(
        "div",
        { class: "side" },
        joinByLink(navigate),
        lists,
      ),
    ),
  );
  await refreshLists(lists, navigate);
}

function freshForm(game: GameInfo): Form {
  const players = Math.max(game.min_players, Math.min(2, game.max_players));
  const options: Record<string, unknown> = {};
  for (const option of game.options) options[option.name] = option.default;
  const seats: SeatChoice[] = ["you"];
  while (seats.length < players) seats.push("medium");
  return { game: game.name, players, options, seats, names: [], seed: "", hints: false };
}

function createForm(message: HTMLElement, navigate: (path: string) => void): HTMLElement {
  const state = form as Form;
  const game = games.find((g) => g.name === state.game) as GameInfo;
  const body = h("form", {
    class: "create-form",
    onsubmit: (event: Event) => {
      event.preventDefault();
      void create(message, navigate);
    },
  });
  const redraw = () => {
    const section = body.closest("section");
    if (section) replace(section, createForm(message, navigate));
  };
  const gameChoice = h(
    "div",
    { class: "game-choice", role: "radiogroup", "aria-label": t("lobby.game") },
    games.map((g) =>
      h(
        "label",
        { class: g.name === state.game ? "game-pick chosen" : "game-pick" },
        h("input", {
          type: "radio",
          name: "game",
          value: g.name,
          checked: g.name === state.game,
          onchange: () => {
            form = freshForm(g);
            redraw();
          },
        }),
        h("span", { class: "game-title" }, g.title),
        h("span", { class: "muted" }, `${g.min_players}–${g.max_players}`),
      ),
    ),
  );
  const players = h(
    "select",
    {
      id: "players",
      name: "players",
      onchange: (event: Event) => {
        state.players = Number((event.target as HTMLSelectElement).value);
        while (state.seats.length < state.players) state.seats.push("medium");
        state.seats.length = state.players;
        if (!offersExpert(game, state.players)) {
          state.seats = state.seats.map((seat) => (seat === "expert" ? "hard" : seat));
        }
        redraw();
      },
    },
    range(game.min_players, game.max_players).map((n) =>
      h("option", { value: n, selected: n === state.players }, String(n)),
    ),
  );
  const seats = h(
    "fieldset",
    { class: "seats" },
    h("legend", {}, t("lobby.seats")),
    state.seats.map((choice, i) =>
      h(
        "div",
        { class: "seat-row" },
        h("label", { for: `seat-${i}` }, t("lobby.seat", { n: i })),
        h(
          "select",
          {
            id: `seat-${i}`,
            name: `seat-${i}`,
            onchange: (event: Event) => {
              state.seats[i] = (event.target as HTMLSelectElement).value as SeatChoice;
              redraw();
            },
          },
          seatChoices(game, state.players).map(([value, key]) =>
            h("option", { value, selected: value === choice }, t(key)),
          ),
        ),
        choice === "you" || choice === "hotseat"
          ? h("input", {
              type: "text",
              "aria-label": t("lobby.name"),
              placeholder: t("lobby.defaultName", { n: i }),
              maxlength: 40,
              value: state.names[i] ?? "",
              oninput: (event: Event) => {
                state.names[i] = (event.target as HTMLInputElement).value;
              },
            })
          : null,
      ),
    ),
  );
  const options = game.options.filter((option) => option.name !== "components");
  return h(
    "div",
    {},
    h("h2", { id: "create-title" }, t("lobby.create")),
    body,
    append(
      body,
      h("div", { class: "field" }, h("span", { class: "label" }, t("lobby.game")), gameChoice),
      h("div", { class: "field inline" }, h("label", { for: "players" }, t("lobby.players")), players),
      seats,
      options.length
        ? h(
            "details",
            { class: "options" },
            h("summary", {}, `${t("lobby.options")} (${options.length})`),
            options.map((option) => optionField(game, option, state)),
          )
        : null,
      h(
        "div",
        { class: "field inline" },
        h("label", { for: "seed" }, t("lobby.seed")),
        h("input", {
          id: "seed",
          type: "number",
          min: 0,
          value: state.seed,
          oninput: (event: Event) => {
            state.seed = (event.target as HTMLInputElement).value;
          },
        }),
      ),
      h(
        "div",
        { class: "field hints-field" },
        h(
          "label",
          { for: "hints" },
          h("input", {
            id: "hints",
            type: "checkbox",
            checked: state.hints,
            onchange: (event: Event) => {
              state.hints = (event.target as HTMLInputElement).checked;
            },
          }),
          " ✦ ",
          ta("lobby.hints"),
        ),
        h("p", { class: "explain" }, ta("lobby.hintsHelp")),
      ),
      message,
      h("button", { type: "submit", class: "primary", id: "create" }, t("lobby.start")),
    ),
  );
}

function append(parent: HTMLElement, ...children: (HTMLElement | null)[]): HTMLElement {
  for (const child of children) if (child) parent.appendChild(child);
  return parent;
}

function optionField(game: GameInfo, option: GameOption, state: Form): HTMLElement {
  const id = `option-${option.name}`;
  const value = state.options[option.name];
  const set = (next: unknown) => {
    state.options[option.name] = next;
  };
  let control: HTMLElement;
  if (option.choices && option.choices.length) {
    control = h(
      "select",
      { id, onchange: (event: Event) => set((event.target as HTMLSelectElement).value) },
      option.choices.map((choice) => h("option", { value: String(choice), selected: choice === value }, String(choice))),
    );
  } else if (typeof option.default === "boolean") {
    control = h("input", {
      id,
      type: "checkbox",
      checked: value === true,
      onchange: (event: Event) => set((event.target as HTMLInputElement).checked),
    });
  } else if (typeof option.default === "number") {
    control = h("input", {
      id,
      type: "number",
      value: String(value),
      onchange: (event: Event) => set(Number((event.target as HTMLInputElement).value)),
    });
  } else {
    control = h("input", {
      id,
      type: "text",
      value: String(value ?? ""),
      onchange: (event: Event) => set((event.target as HTMLInputElement).value),
    });
  }
  return h(
    "div",
    { class: "option" },
    h(
      "label",
      { for: id },
      h("code", {}, option.name),
      option.assumed ? h("span", { class: "assumed", title: t("lobby.assumedHelp") }, t("lobby.assumed")) : null,
    ),
    control,
    h("p", { class: "explain" }, optionText(game.name, option.name, option.description)),
  );
}

async function create(message: HTMLElement, navigate: (path: string) => void): Promise<void> {
  const state = form as Form;
  const seats: SeatRequest[] = state.seats.map((choice, i) => {
    if (choice === "you" || choice === "hotseat") {
      return { kind: "human", name: state.names[i]?.trim() || t("lobby.defaultName", { n: i }) };
    }
    if (choice === "friend") return { kind: "open" };
    return { kind: "ai", agent: choice };
  });
  const body: Record<string, unknown> = {
    game: state.game,
    players: state.players,
    options: state.options,
    seats,
  };
  if (state.seed.trim() !== "") body.seed = Number(state.seed);
  if (state.hints) body.hints = true;
  const button = document.getElementById("create") as HTMLButtonElement | null;
  if (button) button.disabled = true;
  try {
    const created = await api.create(body);
    for (const seat of created.seats) if (seat.token) holdSeat(created.table, seat.seat, seat.token);
    storeInvites(
      created.table,
      created.invites.map((invite) => ({ seat: invite.seat, url: new URL(invite.url, location.origin).href })),
    );
    navigate(`/t/${created.table}`);
  } catch (error) {
    replace(message, errorText(error));
  } finally {
    if (button) button.disabled = false;
  }
}

function joinByLink(navigate: (path: string) => void): HTMLElement {
  const input = h("input", { id: "join-link", type: "url", placeholder: "https://…/t/…?invite=…" });
  const message = h("p", { class: "message error", role: "alert" });
  return h(
    "section",
    { class: "card" },
    h("h2", {}, t("lobby.joinLink")),
    h(
      "form",
      {
        class: "inline",
        onsubmit: (event: Event) => {
          event.preventDefault();
          try {
            const url = new URL(input.value.trim(), location.origin);
            if (url.origin !== location.origin || !/^\/t\/[^/]+$/.test(url.pathname)) throw new Error();
            navigate(url.pathname + url.search);
          } catch {
            replace(message, t("lobby.badLink"));
          }
        },
      },
      h("label", { for: "join-link", class: "muted" }, t("lobby.joinLinkHelp")),
      input,
      h("button", { type: "submit" }, t("lobby.go")),
    ),
    message,
  );
}

async function refreshLists(lists: HTMLElement, navigate: (path: string) => void): Promise<void> {
  const sections: [string, Key, Key][] = [
    ["waiting", "lobby.waiting", "lobby.watch"],
    ["running", "lobby.running", "lobby.watch"],
    ["finished", "lobby.finished", "lobby.replay"],
  ];
  const parts = await Promise.all(
    sections.map(async ([status, title, verb]) => {
      let tables: TableSummary[] = [];
      let failure = "";
      try {
        tables = await api.tables(status, 20);
      } catch (error) {
        failure = errorText(error);
      }
      return h(
        "section",
        { class: "card", id: `list-${status}` },
        h("h2", {}, t(title)),
        failure ? h("p", { class: "message error" }, failure) : null,
        tables.length === 0 && !failure ? h("p", { class: "muted" }, t("lobby.none")) : null,
        h(
          "ul",
          { class: "tables" },
          tables.map((table) => {
            const path = status === "finished" ? `/replay/${table.table}` : `/t/${table.table}`;
            const title = games.find((g) => g.name === table.game)?.title ?? table.game;
            return h(
              "li",
              {},
              h(
                "span",
                { class: "table-line" },
                h("strong", {}, title),
                " · ",
                (table.seats ?? []).map((seat, i) => seatName(seat, i, null)).join(" · ") ||
                  t("lobby.players") + ` ${table.players}`,
                " ",
                table.hints ? hintsBadge() : null,
                " ",
                h("code", { class: "muted" }, table.table),
              ),
              h(
                "a",
                {
                  href: path,
                  class: "button",
                  onclick: (event: Event) => {
                    event.preventDefault();
                    navigate(path);
                  },
                },
                t(verb),
              ),
            );
          }),
        ),
      );
    }),
  );
  replace(
    lists,
    h(
      "div",
      { class: "list-head" },
      h("button", { type: "button", onclick: () => void refreshLists(lists, navigate) }, t("lobby.refresh")),
    ),
    parts,
  );
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}
