/**
 * POST /api/vitals (ADR 023): a page view's field measurements. Answered from Express without the
 * router (server/app.ts), after server/index.js has read at most 2 KB of body and counted the post
 * against the beacons' own limit (in memory: no address is written anywhere). A beacon is checked,
 * clamped and put in the buffer; the answer is 204 at once. Anything wrong is a 4xx in JSON, never a 5xx:
 * a beacon is never worth an error page.
 */
import { checkMarks, checkPostOrigin, jsonAnswer, NO_STORE, type PlainAnswer, type PlainPost, Refusal } from "~/forms/post.server";
import { getServices } from "~/platform/services.server";
import { beaconSchema } from "./beacon";
import type { VitalViewsTable } from "~/platform/db/schema";
import { rowOf, VitalsBuffer, writeViews } from "./ingest.server";

export const VITALS_PATH = "/api/vitals";
/** A beacon is about 300 bytes; 2 KB leaves room for long selectors and nothing else. */
export const VITALS_BODY_LIMIT_BYTES = 2048;

let buffer = new VitalsBuffer(async (rows) => writeViews((await getServices()).db, rows));

/** Writes what is buffered; the server calls it before closing the database. */
export const flushVitals = () => buffer.close();

/**
 * In the beacon receiver's process (server/beacon-receiver.js, ADR 023): the accepted views go, in
 * batches, to the site's process (`send`), which stores them with its own (addVitalsRows). Sent more
 * often than the database is written, since a message to the parent costs next to nothing.
 */
export function sendVitalsTo(send: (rows: VitalViewsTable[]) => Promise<void>): void {
  buffer = new VitalsBuffer(send, { flushMs: RECEIVER_FLUSH_MS });
}
const RECEIVER_FLUSH_MS = 250;

/** Views the beacon receiver accepted, stored with this process's own. */
export function addVitalsRows(rows: readonly VitalViewsTable[]): void {
  for (const row of rows) buffer.add(row);
}

const refusal = (status: number, code: string, message: string): PlainAnswer => jsonAnswer(status, { error: { code, message } });

/** `routes`: every route pattern of the site (server/app.ts builds it from the router's own table). */
export function answerVitalsPost(post: PlainPost, routes: ReadonlySet<string>): PlainAnswer {
  if (post.method !== "POST")
    return jsonAnswer(405, { error: { code: "metodo_no_permitido", message: "Use POST para enviar las mediciones." } }, { Allow: "POST" });
  try {
    checkMarks(post.marks ?? { limited: null, counted: null }, "vitals");
    checkPostOrigin(post);
  } catch (error) {
    if (error instanceof Refusal && error.code === "limite_de_envios")
      return refusal(429, "limite_de_envios", "Demasiadas mediciones desde su conexión. Espere un minuto.");
    if (error instanceof Refusal && error.code === "origen_no_permitido")
      return refusal(403, "origen_no_permitido", "No se aceptan mediciones desde otros sitios.");
    return refusal(405, "metodo_no_permitido", "Use POST para enviar las mediciones.");
  }
  // sendBeacon sends a string as text/plain; fetch sends JSON.
  const type = (post.contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json" && type !== "text/plain") return refusal(415, "tipo_no_soportado", "Las mediciones deben enviarse como JSON.");
  let body: unknown;
  try {
    body = JSON.parse(post.body);
  } catch {
    return refusal(400, "json_invalido", "El cuerpo de la solicitud debe ser un objeto JSON válido.");
  }
  const parsed = beaconSchema.safeParse(body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") || "cuerpo";
    return refusal(400, "datos_invalidos", `Medición no válida: revise «${field}».`);
  }
  if (!routes.has(parsed.data.route)) return refusal(400, "ruta_desconocida", "La ruta no es una página de este sitio.");
  buffer.add(rowOf(parsed.data, new Date().toISOString()));
  return { status: 204, headers: NO_STORE, body: null };
}
