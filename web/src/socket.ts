// The live connection to a table (docs/server.md, "WebSocket"): hello with the last seq seen,
// then updates; reconnects with backoff and resumes from the last seq, so no move is lost or doubled.

import type { LogEntry, View } from "./api";
import { language } from "./i18n";

export interface Update {
  seq: number;
  view: View;
  events: LogEntry[];
}

export interface SocketHandlers {
  onUpdate(update: Update): void;
  onStatus(connected: boolean): void;
  onError(message: string): void;
}

export class TableSocket {
  private socket: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private pingTimer: number | undefined;

  constructor(
    private table: string,
    private token: string | null,
    private since: () => number,
    private handlers: SocketHandlers,
  ) {
    this.open();
  }

  /** Stop for good (leaving the page, or switching seat). */
  close(): void {
    this.closed = true;
    window.clearInterval(this.pingTimer);
    this.socket?.close();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(this.table)}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      // The view in each frame speaks the app's language (the engine's labels and descriptions).
      socket.send(JSON.stringify({ type: "hello", token: this.token, since: this.since(), lang: language() }));
      this.handlers.onStatus(true);
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
      }, 25000);
    };
    socket.onmessage = (event) => {
      let frame: { type?: string; seq?: number; view?: View; events?: LogEntry[]; error?: { message?: string } };
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (frame.type === "update" && frame.view) {
        this.handlers.onUpdate({ seq: frame.seq ?? frame.view.seq, view: frame.view, events: frame.events ?? [] });
      } else if (frame.type === "error") {
        this.handlers.onError(frame.error?.message ?? "");
      }
    };
    socket.onclose = () => {
      window.clearInterval(this.pingTimer);
      if (this.closed) return;
      this.handlers.onStatus(false);
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      window.setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    };
  }
}
