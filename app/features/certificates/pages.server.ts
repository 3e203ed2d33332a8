/**
 * What the certificate routes share on the server: the services and keys, and the answers of the
 * worker's form posts (post/redirect/get; a refusal renders the page again with its status).
 */
import { data, redirect } from "react-router";
import { getSiteConfig } from "~/config/site.server";
import { clientAddress } from "~/forms/post.server";
import { addressToken } from "~/platform/keys.server";
import { getServices } from "~/platform/services.server";
import { checkCode, downloadOnce, flowCookie, flowState, issueCertificate, readFlow, requestCode } from "./flow.server";
import { certificateKeys } from "./keys.server";
import { type FileVerification, verifyByCode, verifyByFile } from "./verify.server";

export async function certificateServices() {
  const services = await getServices();
  return { services, keys: certificateKeys(services.env) };
}

export async function workerPage(request: Request) {
  const { services, keys } = await certificateServices();
  const state = keys ? await flowState(services.db, readFlow(request), keys) : null;
  return data({ state }, { headers: { "Cache-Control": "no-store" } });
}

const UNAVAILABLE = "Los certificados laborales no están disponibles en este momento. Escríbanos una PQRS y se lo enviaremos.";

export async function workerPost(request: Request) {
  const { services, keys } = await certificateServices();
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const back = (headers: Record<string, string> = {}) => redirect("/certificados", { status: 303, headers });
  const refuse = (r: { refused: string; status: number; retryAfter?: number }, values: Record<string, string> = {}) =>
    data({ refused: r.refused, values }, { status: r.status, headers: { "Cache-Control": "no-store", ...(r.retryAfter ? { "Retry-After": String(r.retryAfter) } : {}) } });
  if (!keys) return refuse({ refused: UNAVAILABLE, status: 503, retryAfter: 3600 });
  const flow = readFlow(request);
  switch (field("accion")) {
    case "documento": {
      const site = getSiteConfig();
      const answer = await requestCode(services.db, {
        type: field("tipo_documento"),
        number: field("documento"),
        address: clientAddress(request),
        addressKey: addressToken,
        keys,
        companyName: site.company.name,
      });
      if ("refused" in answer) return refuse(answer, { tipo_documento: field("tipo_documento").slice(0, 5), documento: field("documento").slice(0, 40) });
      return back({ "Set-Cookie": flowCookie(request, answer.flow) });
    }
    case "codigo": {
      const answer = await checkCode(services.db, flow, field("codigo"), keys);
      return "refused" in answer ? refuse(answer) : back();
    }
    case "emitir": {
      const answer = await issueCertificate(services.db, {
        flow,
        contracts: form.getAll("contrato").map(String).slice(0, 200),
        salary: field("salario") === "si",
        duties: field("funciones") === "si",
        keys,
        site: getSiteConfig(),
      });
      return "refused" in answer ? refuse(answer) : back();
    }
    case "reiniciar":
      return back({ "Set-Cookie": flowCookie(request, null) });
    default:
      return refuse({ refused: "Acción desconocida.", status: 400 });
  }
}

/** GET /certificados/descargar: the PDF, once. */
export async function workerDownload(request: Request) {
  const { services, keys } = await certificateServices();
  const found = keys ? await downloadOnce(services.db, readFlow(request), keys) : null;
  if (!found) return redirect("/certificados", 303);
  return new Response(Buffer.from(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificado-laboral-${found.code}.pdf"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

const NOINDEX = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

function verificationAnswer(request: Request, answer: FileVerification, asJson: boolean) {
  const status = answer.outcome === "found" ? 200 : answer.outcome === "limited" ? 429 : answer.outcome === "invalid" ? 400 : 404;
  const headers = { ...NOINDEX, ...(answer.outcome === "limited" ? { "Retry-After": String(answer.retryAfter) } : {}) };
  if (asJson) {
    const body =
      answer.outcome === "found"
        ? { estado: answer.view.annulledAt ? "anulado" : "valido", certificado: answer.view }
        : { error: { code: answer.outcome === "not_ours" ? "no_coincide" : answer.outcome === "not_found" ? "no_encontrado" : answer.outcome === "limited" ? "limite_de_consultas" : "datos_invalidos", message: messageOf(answer) } };
    return Response.json(body, { status, headers });
  }
  return data({ answer }, { status, headers });
}

export function messageOf(answer: FileVerification): string {
  switch (answer.outcome) {
    case "found":
      return answer.view.annulledAt ? "Certificado anulado" : "Certificado válido";
    case "not_found":
      return "No encontramos un certificado con ese código.";
    case "not_ours":
      return "Este archivo no es, byte por byte, ninguno de los certificados que expedimos: pudo ser modificado o no es nuestro.";
    case "invalid":
      return answer.message;
    case "limited":
      return `Recibimos demasiadas consultas desde su conexión. Intente de nuevo en ${Math.ceil(answer.retryAfter / 60)} minuto(s).`;
  }
}

/** GET /verificar/CODE (the QR's address): the answer, counted. */
export async function verifyCodePage(request: Request, code: string, document?: string) {
  const { services, keys } = await certificateServices();
  if (!keys) return data({ answer: { outcome: "invalid", message: "La verificación no está disponible en este momento." } as FileVerification }, { status: 503, headers: { ...NOINDEX, "Retry-After": "3600" } });
  const answer = await verifyByCode(services.db, { code, document, addressToken: addressToken(clientAddress(request)), keys });
  const asJson = (request.headers.get("accept") ?? "").includes("application/json");
  return verificationAnswer(request, answer, asJson);
}

/** POST /verificar: a code typed, or a PDF (a multipart form, or the file itself from an API client). */
export async function verifyPost(request: Request) {
  const { services, keys } = await certificateServices();
  const type = request.headers.get("content-type") ?? "";
  const asJson = type.startsWith("application/pdf") || (request.headers.get("accept") ?? "").includes("application/json");
  if (!keys) return verificationAnswer(request, { outcome: "invalid", message: "La verificación no está disponible en este momento." }, asJson);
  const token = addressToken(clientAddress(request));
  if (type.startsWith("application/pdf")) {
    return verificationAnswer(request, await verifyByFile(services.db, { bytes: new Uint8Array(await request.arrayBuffer()), addressToken: token, keys }), true);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return verificationAnswer(request, { outcome: "invalid", message: "No pudimos leer el formulario. Inténtelo de nuevo." }, asJson);
  }
  const file = form.get("archivo");
  if (file && typeof file !== "string" && file.size > 0) {
    return verificationAnswer(request, await verifyByFile(services.db, { bytes: new Uint8Array(await file.arrayBuffer()), addressToken: token, keys }), asJson);
  }
  const code = String(form.get("codigo") ?? "");
  if (!code.trim()) return verificationAnswer(request, { outcome: "invalid", message: "Escriba el código de verificación o elija el PDF del certificado." }, asJson);
  const answer = await verifyByCode(services.db, { code, document: String(form.get("documento") ?? "") || undefined, addressToken: token, keys });
  return verificationAnswer(request, answer, asJson);
}

/** GET /verificar/clave: the public key that checks every certificate's signature. */
export async function publicKeyAnswer() {
  const { keys } = await certificateServices();
  if (!keys) return new Response("La clave de los certificados no está configurada.\n", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", ...NOINDEX } });
  return new Response(keys.publicKeyPem, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" } });
}
