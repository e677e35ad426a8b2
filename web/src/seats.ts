// The seat tokens this browser holds, per table, kept in localStorage so a reload keeps the seat.

export interface HeldSeat {
  seat: number;
  token: string;
}

const PREFIX = "stonework.seats.";

/** The seats this browser holds at a table (several for a hotseat table). */
export function heldSeats(table: string): HeldSeat[] {
  try {
    const raw = localStorage.getItem(PREFIX + table);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is HeldSeat =>
        typeof entry === "object" && entry !== null && typeof entry.seat === "number" && typeof entry.token === "string",
    );
  } catch {
    return [];
  }
}

/** Remember a seat's token (replacing any older token for the same seat). */
export function holdSeat(table: string, seat: number, token: string): void {
  const seats = heldSeats(table).filter((entry) => entry.seat !== seat);
  seats.push({ seat, token });
  seats.sort((a, b) => a.seat - b.seat);
  localStorage.setItem(PREFIX + table, JSON.stringify(seats));
}

/** Take a token handed over in the URL fragment (`#seat=K&token=...`), then drop it from the address bar. */
export function adoptFragmentToken(table: string): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  const seat = Number(params.get("seat"));
  if (token && Number.isInteger(seat)) {
    holdSeat(table, seat, token);
    history.replaceState(null, "", location.pathname + location.search);
  }
}

const INVITES = "stonework.invites.";

/** Invite links of a table this browser created, shown at the table until the friends join. */
export function storeInvites(table: string, invites: { seat: number; url: string }[]): void {
  localStorage.setItem(INVITES + table, JSON.stringify(invites));
}

export function storedInvites(table: string): { seat: number; url: string }[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(INVITES + table) ?? "[]");
    return Array.isArray(parsed) ? (parsed as { seat: number; url: string }[]) : [];
  } catch {
    return [];
  }
}
