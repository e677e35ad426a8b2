// The app shell: header with the language switch, and a router over three pages:
// `/` the lobby, `/t/{table}` a table, `/replay/{table}` the replay of a finished table.

import "./style.css";
import { h, replace } from "./dom";
import { language, onLanguageChange, setLanguage, t, type Lang } from "./i18n";
import { showLobby } from "./lobby";
import { openReplay } from "./replay";
import { openTable, type Page } from "./table";

const app = document.getElementById("app") as HTMLElement;
const header = h("header", { class: "app-header" });
const main = h("main", { id: "main" });
replace(app, h("a", { href: "#main", class: "skip" }, "↓"), header, main);

let page: Page | null = null;

function navigate(path: string): void {
  history.pushState(null, "", path);
  route();
}

function route(): void {
  page?.dispose();
  page = null;
  const path = location.pathname;
  const table = /^\/t\/([^/]+)\/?$/.exec(path);
  const replay = /^\/replay\/([^/]+)\/?$/.exec(path);
  if (table) page = openTable(main, decodeURIComponent(table[1]), navigate);
  else if (replay) page = openReplay(main, decodeURIComponent(replay[1]), navigate);
  else if (path === "/" || path === "/index.html") void showLobby(main, navigate);
  else replace(main, h("p", { class: "message error" }, t("app.notFound")));
  renderHeader();
}

function renderHeader(): void {
  const languages: [Lang, string][] = [
    ["en", "English"],
    ["fr", "Français"],
  ];
  replace(
    header,
    h(
      "a",
      {
        href: "/",
        class: "brand",
        onclick: (event: Event) => {
          event.preventDefault();
          navigate("/");
        },
      },
      h("span", { class: "logo", "aria-hidden": "true" }, "⬢"),
      t("app.title"),
    ),
    h("span", { class: "tagline" }, t("app.tagline")),
    h(
      "nav",
      { class: "languages", "aria-label": t("app.language") },
      languages.map(([code, name]) =>
        h(
          "button",
          {
            type: "button",
            lang: code,
            class: "lang",
            id: `lang-${code}`,
            "aria-pressed": String(language() === code),
            onclick: () => setLanguage(code),
          },
          name,
        ),
      ),
    ),
  );
}

onLanguageChange(() => {
  renderHeader();
  if (location.pathname === "/" || location.pathname === "/index.html") void showLobby(main, navigate);
});
window.addEventListener("popstate", route);
route();
