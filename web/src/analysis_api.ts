// Hints and reviews over the server's API (docs/server.md, "Hints and reviews"): their types and
// one function per endpoint. Kept apart from api.ts so the analysis features stay in their modules.

import { call } from "./api";

/** One move as the analysis values it: notation, id and board targets, visits and values. */
export interface HintMove {
  action: string;
  id: number;
  targets: string[];
  visits?: number;
  expected?: number;
  margin?: number;
  win_probability?: number;
  expected_rank?: number;
}

/** A position's value for the seat to move (that of the search's choice). */
export interface Value {
  expected: number;
  margin: number;
  win_probability?: number;
  expected_rank?: number;
}

export interface Hint {
  position: number;
  seat: number;
  players: number;
  legal: number;
  forced: boolean;
  iterations: number;
  agent: string;
  moves: HintMove[];
  value: Value | null;
}

export type Verdict = "forced" | "best" | "good" | "inaccuracy" | "mistake" | "blunder";

export interface ReviewMove {
  action: string;
  visits: number;
  expected: number;
  margin: number;
  win_probability?: number;
  expected_rank?: number;
}

export interface ReviewDecision {
  entry: number;
  seq: number;
  seat: number;
  legal: number;
  iterations: number;
  verdict: Verdict | null;
  loss: number | null;
  top: ReviewMove[];
  played?: ReviewMove;
}

export interface SeatReview {
  seat: number;
  judged: number;
  accuracy: number | null;
  mean_loss: number | null;
  counts: Record<Verdict, number>;
  costliest: { entry: number; seq: number; played: string; better: string; loss: number }[];
}

export interface ReviewState {
  table: string;
  seat: number;
  players: number;
  status: "none" | "running" | "done" | "failed";
  done: number;
  total: number;
  error?: string;
  review: {
    agent: string;
    description: string;
    thresholds: Record<string, number>;
    decisions: ReviewDecision[];
    summary: SeatReview;
  } | null;
}

function enc(part: string): string {
  return encodeURIComponent(part);
}

export const analysisApi = {
  hint: (table: string, token: string | null, seq: number) =>
    call<Hint>("POST", `/api/tables/${enc(table)}/hint`, { seq }, token),
  replayHint: (table: string, n: number) => call<Hint>("GET", `/api/tables/${enc(table)}/replay/${n}/hint`),
  review: (table: string, seat: number) => call<ReviewState>("GET", `/api/tables/${enc(table)}/review/${seat}`),
  startReview: (table: string, seat: number, token: string | null) =>
    call<ReviewState>("POST", `/api/tables/${enc(table)}/review`, { seat }, token),
};
