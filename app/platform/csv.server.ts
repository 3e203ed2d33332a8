/**
 * The one CSV writer of the staff exports, for Excel with Spanish settings: UTF-8 with a BOM,
 * semicolons, CRLF, every cell quoted, and a cell that starts like a formula (= + - @ tab CR) prefixed
 * with an apostrophe so a spreadsheet never runs it. Rows are written as they come (an iterable or a
 * database cursor), so an export never holds the whole file in memory.
 */
export type CsvColumn<R> = readonly [header: string, get: (row: R) => unknown];

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  // = + - @ tab CR: a formula to a spreadsheet (charCode tests: an export writes a dozen cells per row).
  const first = text.charCodeAt(0);
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) text = `'${text}`;
  return `"${text.includes('"') ? text.replace(/"/g, '""') : text}"`;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(";")}\r\n`;

/** One row's line, without intermediate arrays. */
function rowLine<R>(columns: readonly CsvColumn<R>[], row: R): string {
  let line = "";
  for (let i = 0; i < columns.length; i++) line += (i ? ";" : "") + csvCell(columns[i][1](row));
  return `${line}\r\n`;
}

/** Rows read in batches (a database cursor's chunks, app/platform/db/stream.server.ts): one await per batch, not per row. */
export interface RowBatches<R> {
  batches: AsyncIterable<readonly R[]>;
}

async function* batchesOf<R>(rows: Iterable<R> | AsyncIterable<R> | RowBatches<R>): AsyncGenerator<readonly R[]> {
  if ("batches" in rows) {
    yield* rows.batches;
    return;
  }
  let batch: R[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= 500) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** About this much text per chunk of the response: one write (and one compression flush) per chunk, not per line. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A download of `filename`-aaaa-mm-dd.csv, streamed: lines are gathered into chunks of about 64 KB, and
 * the next rows are read only when the client has taken the chunk before (backpressure), so memory
 * stays flat however many rows there are (ADR 018).
 */
export function csvResponse<R>(filename: string, columns: readonly CsvColumn<R>[], rows: Iterable<R> | AsyncIterable<R> | RowBatches<R>): Response {
  const batches = batchesOf(rows);
  // Lines are gathered in an array and joined once per chunk: encoding a string built by += costs
  // more than building it.
  let pending: string[] = [`\uFEFF${csvLine(columns.map(([header]) => header))}`];
  let size = pending[0].length;
  const take = () => {
    const chunk = Buffer.from(pending.join(""), "utf8");
    pending = [];
    size = 0;
    return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (size < CHUNK_CHARS) {
        const next = await batches.next();
        if (next.done) {
          if (size) controller.enqueue(take());
          controller.close();
          return;
        }
        for (const row of next.value) {
          const line = rowLine(columns, row);
          pending.push(line);
          size += line.length;
        }
      }
      controller.enqueue(take());
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
