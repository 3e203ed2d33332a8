/**
 * The message forms' endpoints (product decisions 2–8 and 23, docs/product.md). Two doors to one path:
 * - POST /php/contacto and /php/cliente: the JSON API (also an ordinary form post from API clients);
 * - POST /contacto and /cliente: the page's own form without JavaScript, answered with the page again
 *   (errors next to the fields, every value kept, a 4xx) or, on success, redirected to the confirmation.
 * Both validate with the form's registry, store the message and its outbox row in one transaction,
 * and only then answer. A filled trap is discarded (a message form's sender can simply write again).
 */
import { apiError } from "~/forms/errors";
import {
  asRefusal,
  checkOrigin,
  checkMarks,
  checkPostOrigin,
  checkRateMark,
  type Encoding,
  encodingOf,
  encodingOfType,
  jsonAnswer,
  NO_STORE,
  type PlainAnswer,
  type PlainPost,
  parseFields,
  readFields,
  readSubmission,
  refusedPage,
} from "~/forms/post.server";
import { log } from "~/platform/log.server";
import { getServices } from "~/platform/services.server";
import { type FormName, messageFields, messageForms } from "./registry";
import { storeMessage } from "./store.server";

/** Validates and stores one message; throws a Refusal for anything the visitor can correct. */
async function accept(form: FormName, body: Record<string, unknown>): Promise<"stored" | "honeypot"> {
  const submission = readSubmission(messageForms[form], body);
  if (submission.trapped) return "honeypot";
  const services = await getServices();
  const { values } = submission;
  const now = new Date().toISOString();
  const recipients = (form === "contacto" ? services.env.MAIL_TO_CONTACTO : services.env.MAIL_TO_CLIENTE) ?? services.env.MAIL_TO;
  // Columns are named after the registry's fields; a field the form lacks is stored as null.
  const columns = Object.fromEntries(messageFields.map((f) => [f.name, values[f.name] ?? null])) as Record<
    "empresa" | "cargo" | "nombre" | "celular" | "correo" | "mensaje",
    string
  >;
  const id = await storeMessage(
    services.db,
    { form, ...columns, consent_at: now, policy_version: services.policyVersion, received_at: now, handled_at: null, handled_by: null },
    { recipients: recipients.join(", "), status: "pending", attempts: 0, next_attempt_at: now, last_error: null, sent_at: null, created_at: now },
  );
  services.outbox?.kick();
  log("info", "form-stored", { form, messageId: id, mail: services.outbox ? "queued" : "disabled" });
  return "stored";
}

const confirmation = (form: FormName) => new Response(null, { status: 303, headers: { Location: `/${form}/enviado`, "Cache-Control": "no-store" } });

/** The JSON API (and ordinary posts from API clients), framework-free: the router and the fast path share it. */
export async function answerApiPost(post: PlainPost, form: FormName): Promise<PlainAnswer> {
  if (post.method !== "POST") return jsonAnswer(405, { error: apiError("metodo_no_permitido") }, { Allow: "POST" });
  let encoding: Encoding = "json";
  try {
    encoding = encodingOfType(post.contentType);
    checkMarks(post.marks ?? { limited: null, counted: null }, form);
    checkPostOrigin(post);
    await accept(form, parseFields(post.body, encoding));
    return encoding === "json" ? jsonAnswer(201, { ok: true }) : { status: 303, headers: { ...NO_STORE, Location: `/${form}/enviado` }, body: null };
  } catch (error) {
    const refusal = asRefusal(error, form);
    // A form post lands on the page, which answers it with the errors and the values (307 keeps the body).
    if (encoding === "form" && refusal.code !== "tipo_no_soportado") return { status: 307, headers: { ...NO_STORE, Location: `/${form}` }, body: null };
    return jsonAnswer(refusal.status, { error: refusal.body }, refusal.status === 503 ? { "Retry-After": "60" } : {});
  }
}

/** The page's own form without JavaScript (docs/product.md §23): the confirmation, or the page again with what went wrong. */
export async function handleFormPage(request: Request, form: FormName, phone: string) {
  let body: Record<string, unknown> = {};
  try {
    body = await readFields(request, encodingOf(request));
    checkRateMark(request, form);
    checkOrigin(request);
    await accept(form, { ...body });
    return confirmation(form);
  } catch (error) {
    return refusedPage(request, messageForms[form], body, error, phone);
  }
}
