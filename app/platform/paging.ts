/**
 * Keyset paging for the staff lists (ADR 018). A page is asked for by where it starts, not by
 * its number: `?antes=<cursor>` (the next, older rows), `?despues=<cursor>` (the previous, newer ones),
 * `?ultima=1` (the oldest rows); none is the first page. A cursor is the sort key of a row on the edge of
 * the page the link was on: `<received_at>_<id>`, or `<id>` alone for a list in id order, with an
 * optional tag first (`v_…`: the overdue reports, which come before the rest). Every page costs one
 * index range read however deep it is, and every row is reachable; the links are ordinary links, so
 * paging works without JavaScript.
 */
export const PAGE_PARAMS = ["antes", "despues", "ultima"] as const;

export interface Cursor {
  /** A segment of the list (e.g. "v": overdue reports), or "". */
  tag: string;
  /** The row's timestamp, or "" for a list in id order. */
  at: string;
  id: number;
}

export type PageRequest = { kind: "first" } | { kind: "last" } | { kind: "older"; cursor: Cursor } | { kind: "newer"; cursor: Cursor };

/** A stored instant, or a calendar day (aaaa-mm-dd: a list sorted by a day). */
const AT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z)?$/;

export function formatCursor(cursor: Cursor): string {
  return [cursor.tag, cursor.at, String(cursor.id)].filter(Boolean).join("_");
}

export function parseCursor(value: string | null): Cursor | null {
  if (!value || value.length > 80) return null;
  const parts = value.split("_");
  const id = Number(parts.pop());
  if (!Number.isSafeInteger(id) || id < 0) return null;
  const at = parts.length && AT.test(parts[parts.length - 1]) ? (parts.pop() as string) : "";
  const tag = parts.join("_");
  if (!/^[a-z]{0,8}$/.test(tag)) return null;
  return { tag, at, id };
}

/** The page a request asks for; an unreadable cursor means the first page. */
export function parsePageRequest(params: URLSearchParams): PageRequest {
  if (params.get("ultima") === "1") return { kind: "last" };
  const older = parseCursor(params.get("antes"));
  if (older) return { kind: "older", cursor: older };
  const newer = parseCursor(params.get("despues"));
  if (newer) return { kind: "newer", cursor: newer };
  return { kind: "first" };
}

/**
 * Reads rows in one direction from a cursor (or from an end, without one): "older" newest first,
 * "newer" oldest first. `limit` rows at most.
 */
export type FetchRows<R> = (direction: "older" | "newer", cursor: Cursor | undefined, limit: number) => Promise<R[]>;

export interface KeysetPage<R> {
  rows: R[];
  /** Links to the neighbouring pages, or null at an end. */
  older: Cursor | null;
  newer: Cursor | null;
  /** Is this the first (newest) page, the last (oldest) one? */
  first: boolean;
  last: boolean;
}

/** One page of `size` rows, newest first, and the cursors of its neighbours. */
export async function keysetPage<R>(request: PageRequest, size: number, fetch: FetchRows<R>, cursorOf: (row: R) => Cursor): Promise<KeysetPage<R>> {
  const firstPage = async (): Promise<KeysetPage<R>> => {
    const rows = await fetch("older", undefined, size + 1);
    const more = rows.length > size;
    const page = rows.slice(0, size);
    return { rows: page, older: more ? cursorOf(page[page.length - 1]) : null, newer: null, first: true, last: !more };
  };
  const lastPage = async (): Promise<KeysetPage<R>> => {
    const rows = await fetch("newer", undefined, size + 1);
    const more = rows.length > size;
    const page = rows.slice(0, size).reverse();
    return { rows: page, older: null, newer: more ? cursorOf(page[0]) : null, first: !more, last: true };
  };
  if (request.kind === "first") return firstPage();
  if (request.kind === "last") return lastPage();
  if (request.kind === "older") {
    const rows = await fetch("older", request.cursor, size + 1);
    // Nothing older any more (deleted since the link was made): the oldest page.
    if (rows.length === 0) return lastPage();
    const more = rows.length > size;
    const page = rows.slice(0, size);
    return { rows: page, older: more ? cursorOf(page[page.length - 1]) : null, newer: cursorOf(page[0]), first: false, last: !more };
  }
  const rows = await fetch("newer", request.cursor, size + 1);
  // Less than a page above: the first page, full.
  if (rows.length <= size) return firstPage();
  const page = rows.slice(0, size).reverse();
  return { rows: page, older: cursorOf(page[page.length - 1]), newer: cursorOf(page[0]), first: false, last: false };
}

/** The query string of the current list with `change` applied to its paging (other parameters kept). */
export function pageHref(query: string, change: { antes?: Cursor; despues?: Cursor; ultima?: boolean } = {}): string {
  const params = new URLSearchParams(query);
  for (const name of [...PAGE_PARAMS, "pagina"]) params.delete(name);
  if (change.antes) params.set("antes", formatCursor(change.antes));
  if (change.despues) params.set("despues", formatCursor(change.despues));
  if (change.ultima) params.set("ultima", "1");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The query string without paging (for an export of the same filter, or the first page). */
export function withoutPaging(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of [...PAGE_PARAMS, "pagina"]) params.delete(name);
  return params.toString();
}

/** Counts stop here: beyond it a list says "más de 10.000" instead of scanning every row. */
export const COUNT_CAP = 10_000;

/** "25", or "más de 10.000" past the cap. */
export const cappedCount = (count: number) => (count > COUNT_CAP ? "más de 10.000" : String(count));

/** "1 mensaje", "25 mensajes", "más de 10.000 mensajes". */
export const countLabel = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${cappedCount(count)} ${many}`);

/**
 * Reads a list made of segments one after the other (e.g. the open requests by due date, then those
 * waiting for the person, then the rest newest first), every row reachable by keyset paging: a cursor's
 * tag names its segment. `read(tag, forward, after, limit)` reads one segment in list order (forward)
 * or against it, after a row's key (or from the segment's end), at most `limit` rows.
 */
export function segmented<R>(
  tags: readonly string[],
  read: (tag: string, forward: boolean, after: { at: string; id: number } | undefined, limit: number) => Promise<R[]>,
): FetchRows<R> {
  return async (direction, cursor, limit) => {
    const forward = direction === "older";
    const order = forward ? tags : [...tags].reverse();
    let index = cursor ? Math.max(0, order.indexOf(cursor.tag)) : 0;
    let after = cursor ? { at: cursor.at, id: cursor.id } : undefined;
    const rows: R[] = [];
    for (; index < order.length && rows.length < limit; index += 1, after = undefined) {
      rows.push(...(await read(order[index], forward, after, limit - rows.length)));
    }
    return rows;
  };
}

/**
 * A list of two segments, each newest first: the flagged rows (overdue, tagged "v") before all the
 * others, so that what is late leads the list. `segment(flagged, direction, after, limit)` reads one.
 */
export function flaggedFirst<R>(
  segment: (flagged: boolean, direction: "older" | "newer", after: { at: string; id: number } | undefined, limit: number) => Promise<R[]>,
): FetchRows<R> {
  return segmented(["v", ""], (tag, forward, after, limit) => segment(tag === "v", forward ? "older" : "newer", after, limit));
}
