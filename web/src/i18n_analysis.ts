// The texts of hints, the evaluation bar and the review, in English and French. A catalogue of
// their own beside i18n.ts (same language switch), typed the same way: French has every key.

import { language } from "./i18n";

const en = {
  "hints.on": "Hints on",
  "hints.onTitle": "Every seat of this table may ask the AI for hints (agreed when the table was created).",
  "hints.joined": "Hints are on at this table: every seat may ask the AI for its best moves.",
  "hints.title": "Hint",
  "hints.ask": "Hint",
  "hints.askTitle": "The three best moves by the strongest AI player, searched on what you can see",
  "hints.yourTurn": "Hints are for your own turn.",
  "hints.thinking": "Searching…",
  "hints.forced": "Only one move is legal here: {move}.",
  "hints.show": "Show {move} on the board",
  "hints.play": "Play",
  "hints.playTitle": "Play {move}",
  "hints.stale": "at move {n}",
  "hints.info": "{n} simulations; only what this seat could see was used.",
  "hints.here": "Hint at this move",
  "hints.noDecision": "No seat decides at this point (a chance outcome or the end).",
  "lobby.hints": "Hints for every seat",
  "lobby.hintsHelp": "Every seat may ask the AI for hints; whoever joins agrees to it. Games against AI always allow hints.",
  "eval.title": "Evaluation",
  "eval.win": "Win probability {p}%",
  "eval.rank": "Expected rank {r} of {n}",
  "eval.margin": "score margin {m}",
  "eval.none": "Ask for a hint to see the evaluation.",
  "move.win": "{p}% win",
  "move.rank": "rank {r}",
  "move.margin": "margin {m}",
  "review.title": "Review",
  "review.seat": "Seat",
  "review.start": "Review",
  "review.startTitle": "Analyse every move of this seat (computed once, then kept)",
  "review.progress": "Analysing move {n} of {total}…",
  "review.failed": "The review failed: {error}",
  "review.retry": "Try again",
  "review.accuracy": "Accuracy",
  "review.judged": "Judged moves",
  "review.meanLoss": "Mean loss",
  "review.costliest": "Costliest moves",
  "review.costly": "Move {n}: {played} lost {loss}; better {better}",
  "review.jump": "Go to move {n}",
  "review.graph": "Evaluation over the game for {who}",
  "review.graphHelp": "Line: the value of the position before each move; dots: the move played, coloured by its verdict.",
  "review.none": "Not reviewed yet.",
  "review.by": "Searched by {agent}; each decision on what that seat could see.",
  "review.loss2": "{p} points of win probability",
  "review.lossN": "{p} of a place per opponent",
  "verdict.forced": "forced",
  "verdict.best": "best",
  "verdict.good": "good",
  "verdict.inaccuracy": "inaccuracy",
  "verdict.mistake": "mistake",
  "verdict.blunder": "blunder",
  "verdict.tip": "{verdict}: lost {loss}; best {best}",
  "error.busy": "The analysis is busy; try again in a moment.",
};

export type AnalysisKey = keyof typeof en;

const fr: Record<AnalysisKey, string> = {
  "hints.on": "Conseils activés",
  "hints.onTitle": "Chaque siège de cette table peut demander des conseils à l'IA (convenu à la création de la table).",
  "hints.joined": "Les conseils sont activés à cette table : chaque siège peut demander à l'IA ses meilleurs coups.",
  "hints.title": "Conseil",
  "hints.ask": "Conseil",
  "hints.askTitle": "Les trois meilleurs coups selon l'IA la plus forte, cherchés sur ce que vous voyez",
  "hints.yourTurn": "Les conseils sont pour votre propre tour.",
  "hints.thinking": "Recherche…",
  "hints.forced": "Un seul coup est légal ici : {move}.",
  "hints.show": "Montrer {move} sur le plateau",
  "hints.play": "Jouer",
  "hints.playTitle": "Jouer {move}",
  "hints.stale": "au coup {n}",
  "hints.info": "{n} simulations ; seul ce que ce siège pouvait voir a servi.",
  "hints.here": "Conseil à ce coup",
  "hints.noDecision": "Aucun siège ne décide ici (un tirage ou la fin).",
  "lobby.hints": "Conseils pour tous les sièges",
  "lobby.hintsHelp": "Chaque siège peut demander des conseils à l'IA ; rejoindre la table vaut accord. Contre l'IA, les conseils sont toujours permis.",
  "eval.title": "Évaluation",
  "eval.win": "Probabilité de gagner {p} %",
  "eval.rank": "Rang attendu {r} sur {n}",
  "eval.margin": "écart de score {m}",
  "eval.none": "Demandez un conseil pour voir l'évaluation.",
  "move.win": "{p} % de victoire",
  "move.rank": "rang {r}",
  "move.margin": "écart {m}",
  "review.title": "Analyse de la partie",
  "review.seat": "Siège",
  "review.start": "Analyser",
  "review.startTitle": "Analyser chaque coup de ce siège (calculé une fois, puis conservé)",
  "review.progress": "Analyse du coup {n} sur {total}…",
  "review.failed": "L'analyse a échoué : {error}",
  "review.retry": "Réessayer",
  "review.accuracy": "Précision",
  "review.judged": "Coups jugés",
  "review.meanLoss": "Perte moyenne",
  "review.costliest": "Coups les plus coûteux",
  "review.costly": "Coup {n} : {played} a perdu {loss} ; mieux : {better}",
  "review.jump": "Aller au coup {n}",
  "review.graph": "Évaluation au fil de la partie pour {who}",
  "review.graphHelp": "Ligne : la valeur de la position avant chaque coup ; points : le coup joué, coloré selon son verdict.",
  "review.none": "Pas encore analysé.",
  "review.by": "Cherché par {agent} ; chaque décision sur ce que ce siège pouvait voir.",
  "review.loss2": "{p} points de probabilité de gagner",
  "review.lossN": "{p} de place par adversaire",
  "verdict.forced": "forcé",
  "verdict.best": "meilleur",
  "verdict.good": "bon",
  "verdict.inaccuracy": "imprécision",
  "verdict.mistake": "erreur",
  "verdict.blunder": "gaffe",
  "verdict.tip": "{verdict} : perte {loss} ; meilleur {best}",
  "error.busy": "L'analyse est occupée ; réessayez dans un instant.",
};

const tables = { en, fr };

/** The text of `key` in the app's current language, with `{name}` filled from `params`. */
export function ta(key: AnalysisKey, params: Record<string, string | number> = {}): string {
  const text = tables[language()][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** A number in the current language (a decimal comma in French). */
export function num(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return language() === "fr" ? text.replace(".", ",") : text;
}

/** A signed number: +1.5, −0.3. */
export function signed(value: number, digits = 1): string {
  return (value >= 0 ? "+" : "−") + num(Math.abs(value), digits);
}
