// The server's HTTP API (docs/server.md): types of what it sends and one function per endpoint.

import { language } from "./i18n";

export interface GameOption {
  name: string;
  default: unknown;
  choices: unknown[] | null;
  description: string;
  assumed: boolean | string | null;
}

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  /** Player counts where the "expert" AI seat can play (a network ships for them). */
  expert_players?: number[];
  options: GameOption[];
  chance: boolean;
  hidden_information: boolean;
}

export interface LegalAction {
  id: number;
  notation: string;
  label: string;
  targets: string[];
  /** What the action does, in the language asked for (absent where the game says nothing). */
  text?: string;
  /** What it costs and brings the seat (Zapotec), counts by resource or piece name. */
  effects?: Effects;
}

export interface Effects {
  pay: Record<string, number>;
  gain: Record<string, number>;
  use: Record<string, number>;
}

/** The drawing alone (`GET /api/tables/{id}/board`): turned to `view`, labels in `lang`. */
export interface BoardDrawing {
  table: string;
  seq: number;
  view: number;
  views: number;
  lang: string;
  svg: string;
}

export interface SeatInfo {
  seat: number;
  kind: string;
  name?: string | null;
  agent?: string | null;
  connected?: boolean;
}

export interface LogEntry {
  seq: number;
  seat: number | null;
  text: string;
}

export interface Score {
  total: number;
  breakdown: Record<string, unknown>;
}

export interface View {
  table: string;
  game: string;
  players: number;
  options: Record<string, unknown>;
  status: "waiting" | "running" | "finished" | "abandoned";
  seq: number;
  you: number | null;
  to_move: number | null;
  turn: string;
  thinking: boolean;
  seats: SeatInfo[];
  observation: unknown;
  svg: string;
  legal: LegalAction[];
  scores: Score[];
  log: LogEntry[];
  last: LogEntry | null;
  undo: { allowed: boolean };
  result: { ranking: number[]; scores: (Score | number)[]; resigned: number | null } | null;
  /** The table's hints setting and whether this viewer may ask for one (docs/server.md). */
  hints?: { table: boolean; allowed: boolean };
}

export interface TableSummary {
  table: string;
  game: string;
  players: number;
  status: string;
  seats?: SeatInfo[];
  seq?: number;
  created?: string;
  updated?: string;
  hints?: boolean;
}

export interface SeatRequest {
  kind: "human" | "open" | "ai";
  name?: string;
  agent?: string;
}

export interface CreatedTable {
  table: string;
  seats: { seat: number; kind: string; token?: string; agent?: string }[];
  invites: { seat: number; invite: string; url: string }[];
}

/** The error the server answered with (`{"error": {"code", "message"}}`) or a network failure. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "");
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? "http", error?.message ?? "");
  }
  return data as T;
}

export const api = {
  games: () => call<GameInfo[] | { games: GameInfo[] }>("GET", "/api/games").then(unwrapList<GameInfo>("games")),
  tables: (status: string, limit = 50) =>
    call<TableSummary[] | { tables: TableSummary[] }>("GET", `/api/tables?status=${status}&limit=${limit}`).then(
      unwrapList<TableSummary>("tables"),
    ),
  create: (body: unknown) => call<CreatedTable>("POST", "/api/tables", body),
  view: (table: string, token: string | null) =>
    call<View>("GET", `/api/tables/${enc(table)}?${langQuery()}`, undefined, token),
  board: (table: string, token: string | null, view: number) =>
    call<BoardDrawing>("GET", `/api/tables/${enc(table)}/board?view=${view}&${langQuery()}`, undefined, token),
  join: (table: string, invite: string) =>
    call<{ seat: number; token: string }>("POST", `/api/tables/${enc(table)}/join`, { invite }),
  act: (table: string, token: string | null, seq: number, action: { action?: string; action_id?: number }) =>
    call<View>("POST", `/api/tables/${enc(table)}/actions?${langQuery()}`, { seq, ...action }, token),
  undo: (table: string, token: string | null, seq: number) =>
    call<View>("POST", `/api/tables/${enc(table)}/undo?${langQuery()}`, { seq }, token),
  resign: (table: string, token: string | null) =>
    call<View>("POST", `/api/tables/${enc(table)}/resign?${langQuery()}`, {}, token),
  rematch: (table: string, token: string | null) =>
    call<CreatedTable>("POST", `/api/tables/${enc(table)}/rematch`, {}, token),
  record: (table: string) => call<Record<string, unknown>>("GET", `/api/tables/${enc(table)}/record`),
  replay: (table: string, n: number, perspective: number | null, view = 0) =>
    call<View>(
      "GET",
      `/api/tables/${enc(table)}/replay/${n}?${langQuery()}` +
        (perspective === null ? "" : `&perspective=${perspective}`) +
        (view ? `&view=${view}` : ""),
    ),
};

/** The engine's texts (drawing labels, refusals, descriptions) follow the app's language. */
function langQuery(): string {
  return `lang=${language()}`;
}

function enc(part: string): string {
  return encodeURIComponent(part);
}

// The contract names lists; accept a bare list or one wrapped under its plural name.
function unwrapList<T>(key: string): (data: unknown) => T[] {
  return (data) => {
    if (Array.isArray(data)) return data as T[];
    const inner = (data as Record<string, unknown> | null)?.[key];
    return Array.isArray(inner) ? (inner as T[]) : [];
  };
}
