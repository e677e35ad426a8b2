// The board: the engine's SVG for this seat, made interactive with its `data-target` marks and
// the targets of each legal action (docs/server.md, "Clickable boards"). It keeps only
// interaction state: the targets clicked so far, the orientation filter and the rotation shown.

import type { LegalAction } from "./api";
import { choiceEffects } from "./effects";
import { t } from "./i18n";

export interface BoardHandlers {
  submit(action: LegalAction): void;
  message(text: string, kind: "info" | "error"): void;
  changed(): void;
}

/** The Akropolis axial directions, in the engine's order (hexgrid.DIRECTIONS). */
const HEX_DIRECTIONS: [number, number][] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

const SVG_NS = "http://www.w3.org/2000/svg";

/** What separates actions that share every target: Akropolis rotation, Aztec orientation. */
export function orientationOf(game: string, notation: string): string | null {
  if (game === "aztec") return /^([A-Z]{2})-/.exec(notation)?.[1] ?? null;
  if (game === "akropolis") return /\/(\d+)$/.exec(notation)?.[1] ?? null;
  return null;
}

function startsWith(targets: string[], prefix: string[]): boolean {
  return prefix.every((target, i) => targets[i] === target);
}

export class Board {
  private prefix: string[] = [];
  private choice = 0;
  private orientation: string | null = null;
  private game = "";
  private legal: LegalAction[] = [];
  private hovered: string | null = null;

  constructor(
    readonly element: HTMLElement,
    private handlers: BoardHandlers,
  ) {
    element.addEventListener("click", (event) => this.onClick(event));
    element.addEventListener("keydown", (event) => this.onKey(event));
    element.addEventListener("pointerover", (event) => this.onHover(event));
    // A target reached with Tab shows its ghost as the pointer would.
    element.addEventListener("focusin", (event) => this.onHover(event));
    element.addEventListener(
      "wheel",
      (event) => {
        if (this.complete().length > 1) {
          event.preventDefault();
          this.cycle(event.deltaY > 0 ? 1 : -1);
        }
      },
      { passive: false },
    );
  }

  /** Show a new drawing and legal set; the selection survives only if it still leads somewhere. */
  show(game: string, svg: string, legal: LegalAction[]): void {
    const sameLegal =
      game === this.game &&
      legal.length === this.legal.length &&
      legal.every((action, i) => action.id === this.legal[i].id);
    this.game = game;
    this.legal = legal;
    if (!sameLegal) {
      this.prefix = [];
      this.choice = 0;
      if (this.orientation && !legal.some((a) => orientationOf(game, a.notation) === this.orientation)) {
        this.orientation = null;
      }
    }
    this.element.innerHTML = svg;
    const root = this.element.querySelector("svg");
    if (root) {
      root.setAttribute("role", "img");
      root.removeAttribute("width");
      root.removeAttribute("height");
    }
    this.decorate();
  }

  /** Legal actions that a click can choose (the others are buttons). */
  clickable(): LegalAction[] {
    return this.legal.filter((action) => action.targets.length > 0);
  }

  /** Actions still possible after the clicks so far and the orientation filter. */
  candidates(): LegalAction[] {
    return this.clickable().filter(
      (action) =>
        startsWith(action.targets, this.prefix) &&
        (this.orientation === null || orientationOf(this.game, action.notation) === this.orientation),
    );
  }

  /** Candidates whose every target has been clicked: one of them is placed on confirm. */
  complete(): LegalAction[] {
    return this.candidates().filter((action) => action.targets.length === this.prefix.length);
  }

  /** The candidate shown as the ghost (cycled with R, the wheel or the rotate button). */
  current(): LegalAction | null {
    const complete = this.complete();
    if (complete.length === 0) return null;
    return complete[((this.choice % complete.length) + complete.length) % complete.length];
  }

  selection(): string[] {
    return [...this.prefix];
  }

  orientations(): string[] {
    const seen = new Set<string>();
    for (const action of this.clickable()) {
      if (!startsWith(action.targets, this.prefix)) continue;
      const orientation = orientationOf(this.game, action.notation);
      if (orientation !== null) seen.add(orientation);
    }
    return [...seen].sort();
  }

  chosenOrientation(): string | null {
    return this.orientation;
  }

  /** Pick (or clear, with null) the orientation that filters the placements. */
  setOrientation(orientation: string | null): void {
    this.orientation = orientation;
    this.choice = 0;
    if (this.candidates().length === 0) this.prefix = [];
    this.decorate();
    this.handlers.changed();
  }

  cycle(step: number): void {
    if (this.complete().length < 2) return;
    this.choice += step;
    this.decorate();
    this.handlers.changed();
  }

  confirm(): void {
    const action = this.current();
    if (action) this.handlers.submit(action);
  }

  clear(): void {
    this.prefix = [];
    this.choice = 0;
    this.decorate();
    this.handlers.changed();
  }

  /** The effect of a click on the target `target` (also used by the keyboard). */
  choose(target: string): void {
    const next = this.nextTargets();
    if (next.has(target)) {
      this.prefix.push(target);
      this.choice = 0;
    } else if (this.prefix.length > 0 && this.prefix[this.prefix.length - 1] === target && this.complete().length) {
      this.confirm();
      return;
    } else if (this.startTargets().has(target)) {
      this.prefix = [target];
      this.choice = 0;
    } else {
      this.handlers.message(t("board.notLegal"), "error");
      return;
    }
    const complete = this.complete();
    if (complete.length === 1 && this.nextTargets().size === 0) {
      this.decorate();
      this.handlers.submit(complete[0]);
      return;
    }
    this.decorate();
    this.handlers.changed();
  }

  /**
   * The next clicks as a list a person can read (also buttons, for the keyboard and for small
   * targets): the action's own label where that click completes exactly one action.
   */
  nextChoices(): { target: string; label: string; actions: LegalAction[] }[] {
    const choices: { target: string; label: string; actions: LegalAction[] }[] = [];
    for (const target of this.nextTargets()) {
      const through = this.candidates().filter((action) => action.targets[this.prefix.length] === target);
      const single = through.length === 1 && through[0].targets.length === this.prefix.length + 1;
      choices.push({ target, label: single ? through[0].label || through[0].notation : targetLabel(target), actions: through });
    }
    return choices;
  }

  /** The actions a click on `target` leads towards now (to say what choosing it costs). */
  through(target: string): LegalAction[] {
    if (this.nextTargets().has(target)) {
      return this.candidates().filter((action) => action.targets[this.prefix.length] === target);
    }
    return this.clickable().filter(
      (action) =>
        action.targets[0] === target &&
        (this.orientation === null || orientationOf(this.game, action.notation) === this.orientation),
    );
  }

  /** A tooltip on each clickable place saying what choosing it costs, where the game says. */
  private decorateTips(): void {
    const speaks = this.legal.some((action) => action.effects);
    for (const element of this.element.querySelectorAll<SVGElement>("[data-target]")) {
      const old = element.querySelector(":scope > title.sw-tip");
      const target = element.getAttribute("data-target") ?? "";
      const tip = speaks && element.getAttribute("tabindex") === "0" ? choiceEffects(this.through(target)) : "";
      if (!tip) {
        old?.remove();
        continue;
      }
      const title = old ?? document.createElementNS(SVG_NS, "title");
      title.setAttribute("class", "sw-tip");
      title.textContent = `${targetLabel(target)}: ${tip}`;
      if (!old) element.prepend(title);
    }
  }

  private startTargets(): Set<string> {
    const starts = new Set<string>();
    for (const action of this.clickable()) {
      if (this.orientation !== null && orientationOf(this.game, action.notation) !== this.orientation) continue;
      starts.add(action.targets[0]);
    }
    return starts;
  }

  private nextTargets(): Set<string> {
    const next = new Set<string>();
    for (const action of this.candidates()) {
      if (action.targets.length > this.prefix.length) next.add(action.targets[this.prefix.length]);
    }
    return next;
  }

  private onClick(event: MouseEvent): void {
    const element = (event.target as Element).closest("[data-target]");
    if (element) {
      this.choose(element.getAttribute("data-target") ?? "");
      return;
    }
    const orient = (event.target as Element).closest("[data-orient]");
    if (orient) {
      const name = orient.getAttribute("data-orient");
      if (name && this.orientations().includes(name)) this.setOrientation(name === this.orientation ? null : name);
    }
  }

  private onKey(event: KeyboardEvent): void {
    const orient = (event.target as Element).closest("[data-orient]");
    if ((event.key === "Enter" || event.key === " ") && orient) {
      event.preventDefault();
      const name = orient.getAttribute("data-orient");
      this.setOrientation(name === this.orientation ? null : name);
      return;
    }
    const element = (event.target as Element).closest("[data-target]");
    if ((event.key === "Enter" || event.key === " ") && element) {
      event.preventDefault();
      this.choose(element.getAttribute("data-target") ?? "");
    } else if (event.key === "r" || event.key === "R") {
      this.cycle(event.shiftKey ? -1 : 1);
    } else if (event.key === "Escape") {
      this.clear();
    }
  }

  private onHover(event: Event): void {
    const element = (event.target as Element).closest("[data-target]");
    const target = element?.getAttribute("data-target") ?? null;
    if (target === this.hovered) return;
    this.hovered = target;
    this.decorateGhost();
  }

  /** Mark candidates, the selection and the ghost on the drawing (classes styled in style.css). */
  private decorate(): void {
    const next = this.nextTargets();
    const starts = this.prefix.length === 0 ? next : this.startTargets();
    this.element.classList.toggle("sw-selecting", this.prefix.length > 0);
    for (const element of this.element.querySelectorAll<SVGElement>("[data-target]")) {
      const target = element.getAttribute("data-target") ?? "";
      const isNext = next.has(target);
      const isSelected = this.prefix.includes(target);
      const isStart = starts.has(target);
      element.classList.toggle("sw-next", isNext);
      element.classList.toggle("sw-selected", isSelected);
      element.classList.toggle("sw-start", isStart && !isNext && !isSelected);
      const active = isNext || isSelected || isStart;
      element.classList.toggle("sw-dim", !active);
      if (active) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
        element.setAttribute("aria-label", targetLabel(target));
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
      }
    }
    const orientations = this.orientations();
    for (const element of this.element.querySelectorAll<SVGElement>("[data-orient]")) {
      const name = element.getAttribute("data-orient") ?? "";
      const usable = orientations.includes(name);
      element.classList.toggle("sw-selected", name === this.orientation);
      element.classList.toggle("sw-unusable", !usable);
      element.classList.toggle("sw-orient", usable);
      if (usable) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
        element.setAttribute("aria-label", `${t("table.orientation")} ${name}`);
        element.setAttribute("aria-pressed", String(name === this.orientation));
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
      }
    }
    this.decorateTips();
    this.decorateGhost();
  }

  private decorateGhost(): void {
    for (const ghost of this.element.querySelectorAll(".sw-ghost")) ghost.remove();
    for (const element of this.element.querySelectorAll(".sw-covered")) element.classList.remove("sw-covered");
    let action = this.current();
    if (!action && this.hovered && this.nextTargets().has(this.hovered)) {
      // Before the last click, the pointer shows where the first remaining placement would go.
      action = this.candidates().find((a) => a.targets[this.prefix.length] === this.hovered) ?? null;
    }
    if (!action) return;
    if (this.game === "akropolis") this.akropolisGhost(action);
    if (this.game === "aztec") this.aztecGhost(action);
  }

  /** The piece's cubes as squares on the plan, each with the level its top cube would reach. */
  private aztecGhost(action: LegalAction): void {
    const match = /^([NSEWUD])([NSEWUD])-([a-i])(\d)-(\d)$/.exec(action.notation);
    const plan = this.element.querySelector("g.plan[data-cell-size]");
    for (const element of this.element.querySelectorAll(`[data-orient="${match?.[1]}${match?.[2]}"]`)) {
      element.classList.add("sw-covered");
    }
    if (!match || !plan) return;
    const size = Number(plan.getAttribute("data-cell-size"));
    const originX = Number(plan.getAttribute("data-origin-x"));
    const originY = Number(plan.getAttribute("data-origin-y"));
    const top = new Map<string, number>();
    const [cx, cy, cl] = [match[3].charCodeAt(0) - 97, Number(match[4]) - 1, Number(match[5])];
    // The drawing's picker lists each orientation's cubes (data-cubes); the derivation from the
    // letters is the same table, kept for drawings without a picker.
    const listed = this.element.querySelector(`[data-orient="${match[1]}${match[2]}"][data-cubes]`)?.getAttribute("data-cubes");
    const cubes: [number, number, number][] = listed
      ? listed.split(/\s+/).map((cube) => {
          const [dx, dy, dz] = cube.split(",").map(Number);
          return [cx + dx, cy + dy, cl + dz];
        })
      : aztecCubes(match[1], match[2], cx, cy, cl);
    for (const [x, y, z] of cubes) {
      const key = `${x},${y}`;
      top.set(key, Math.max(top.get(key) ?? 0, z));
    }
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.setAttribute("class", "sw-ghost");
    ghost.setAttribute("pointer-events", "none");
    for (const [key, level] of top) {
      const [x, y] = key.split(",").map(Number);
      const square = document.createElementNS(SVG_NS, "rect");
      square.setAttribute("x", String(originX + x * size + 2));
      square.setAttribute("y", String(originY + (8 - y) * size + 2));
      square.setAttribute("width", String(size - 4));
      square.setAttribute("height", String(size - 4));
      square.setAttribute("rx", "3");
      square.setAttribute("class", "sw-ghost-cell");
      const label = document.createElementNS(SVG_NS, "text");
      label.setAttribute("x", String(originX + (x + 0.5) * size));
      label.setAttribute("y", String(originY + (8.5 - y) * size + size * 0.15));
      label.setAttribute("text-anchor", "middle");
      label.setAttribute("font-size", String(Math.round(size * 0.45)));
      label.setAttribute("class", "sw-ghost-level");
      label.textContent = `▲${level}`;
      ghost.append(square, label);
      this.element.querySelector(`[data-target="cell:${String.fromCharCode(97 + x)}${y + 1}"]`)?.classList.add("sw-covered");
    }
    plan.appendChild(ghost);
  }

  /** A translucent copy of the chosen site tile's hexes on the city hexes it would cover. */
  private akropolisGhost(action: LegalAction): void {
    const match = /^(\d+)@(-?\d+),(-?\d+)\/(\d+)$/.exec(action.notation);
    const site = this.element.querySelector(`[data-target="site:${match?.[1]}"]`);
    const city = this.element.querySelector("g.city[data-origin-x]");
    if (!match || !site || !city) return;
    const [q, r, rotation] = [Number(match[2]), Number(match[3]), Number(match[4])];
    const size = Number(city.getAttribute("data-hex-size"));
    const siteSize = Number(site.getAttribute("data-hex-size")) || size;
    const originX = Number(city.getAttribute("data-origin-x"));
    const originY = Number(city.getAttribute("data-origin-y"));
    const cells: [number, number][] = [
      [q, r],
      [q + HEX_DIRECTIONS[rotation % 6][0], r + HEX_DIRECTIONS[rotation % 6][1]],
      [q + HEX_DIRECTIONS[(rotation + 1) % 6][0], r + HEX_DIRECTIONS[(rotation + 1) % 6][1]],
    ];
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.setAttribute("class", "sw-ghost");
    ghost.setAttribute("pointer-events", "none");
    cells.forEach(([cq, cr], i) => {
      const source = site.querySelector(`[data-hex="${i + 1}"]`);
      if (!source) return;
      const copy = source.cloneNode(true) as SVGGElement;
      const x = originX + size * 1.5 * cq;
      const y = originY + size * Math.sqrt(3) * (cr + cq / 2);
      copy.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${(size / siteSize).toFixed(3)})`);
      ghost.appendChild(copy);
      this.element.querySelector(`[data-target="hex:${cq},${cr}"]`)?.classList.add("sw-covered");
    });
    city.appendChild(ghost);
  }

  /** The level a placement would reach (Akropolis: one above the highest hex it covers). */
  levelOf(action: LegalAction): number | null {
    const match = /^(\d+)@(-?\d+),(-?\d+)\/(\d+)$/.exec(action.notation);
    if (!match) return null;
    const [q, r, rotation] = [Number(match[2]), Number(match[3]), Number(match[4])];
    const d1 = HEX_DIRECTIONS[rotation % 6];
    const d2 = HEX_DIRECTIONS[(rotation + 1) % 6];
    let below = 0;
    for (const [cq, cr] of [
      [q, r],
      [q + d1[0], r + d1[1]],
      [q + d2[0], r + d2[1]],
    ]) {
      const hex = this.element.querySelector(`.city-hex[data-target="hex:${cq},${cr}"]`);
      below = Math.max(below, Number(hex?.getAttribute("data-level") ?? 0));
    }
    return below + 1;
  }
}

const AXES: Record<string, [number, number, number]> = {
  E: [1, 0, 0],
  W: [-1, 0, 0],
  N: [0, 1, 0],
  S: [0, -1, 0],
  U: [0, 0, 1],
  D: [0, 0, -1],
};

/**
 * The six cubes of an Aztec placement (docs/aztec.md, "Action notation"): the corner cube, two
 * along arm A, two along arm B, and the sixth on A's tip pointing along A × B. Levels are 1-based.
 */
export function aztecCubes(a: string, b: string, x: number, y: number, level: number): [number, number, number][] {
  const [ax, ay, az] = AXES[a];
  const [bx, by, bz] = AXES[b];
  const cross = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
  const offsets = [
    [0, 0, 0],
    [ax, ay, az],
    [2 * ax, 2 * ay, 2 * az],
    [bx, by, bz],
    [2 * bx, 2 * by, 2 * bz],
    [2 * ax + cross[0], 2 * ay + cross[1], 2 * az + cross[2]],
  ];
  return offsets.map(([dx, dy, dz]) => [x + dx, y + dy, level + dz]);
}

/** A person's name for a target id, read aloud by screen readers and shown in the selection. */
export function targetLabel(target: string): string {
  const [kind, key] = target.split(/:(.*)/s);
  const word = t(`target.${kind}` as never);
  return word && !word.startsWith("target.") ? `${word} ${key}` : target;
}
