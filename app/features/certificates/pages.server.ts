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
import { padesSigner } from "./pades.server";
import { messageOf } from "./model";
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
    data(
      { refused: r.refused, values, retryAfter: r.retryAfter },
      { status: r.status, headers: { "Cache-Control": "no-store", ...(r.retryAfter ? { "Retry-After": String(r.retryAfter) } : {}) } },
    );
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
        pades: (await padesSigner(services.env)).signer,
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
        : {
            error: {
              code:
                answer.outcome === "not_ours"
                  ? "no_coincide"
                  : answer.outcome === "not_found"
                    ? "no_encontrado"
                    : answer.outcome === "limited"
                      ? "limite_de_consultas"
                      : "datos_invalidos",
              message: messageOf(answer),
            },
          };
    return Response.json(body, { status, headers });
  }
  return data({ answer }, { status, headers });
}

/** GET /verificar/CODE (the QR's address): the answer, counted. */
export async function verifyCodePage(request: Request, code: string, document?: string) {
  const { services, keys } = await certificateServices();
  if (!keys)
    return data(
      { answer: { outcome: "invalid", message: "La verificación no está disponible en este momento." } as FileVerification },
      { status: 503, headers: { ...NOINDEX, "Retry-After": "3600" } },
    );
  const answer = await verifyByCode(services.db, { code, document, addressToken: addressToken(clientAddress(request)), keys });
  return verificationAnswer(request, answer, false);
}

/** POST /verificar: a code typed, or a PDF dropped in its multipart form. */
export async function verifyPost(request: Request) {
  const { services, keys } = await certificateServices();
  if (!keys) return verificationAnswer(request, { outcome: "invalid", message: "La verificación no está disponible en este momento." }, false);
  const token = addressToken(clientAddress(request));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return verificationAnswer(request, { outcome: "invalid", message: "No pudimos leer el formulario. Inténtelo de nuevo." }, false);
  }
  const file = form.get("archivo");
  if (file && typeof file !== "string" && file.size > 0) {
    return verificationAnswer(request, await verifyByFile(services.db, { bytes: new Uint8Array(await file.arrayBuffer()), addressToken: token, keys }), false);
  }
  const code = String(form.get("codigo") ?? "");
  if (!code.trim())
    return verificationAnswer(request, { outcome: "invalid", message: "Escriba el código de verificación o elija el PDF del certificado." }, false);
  return verificationAnswer(
    request,
    await verifyByCode(services.db, { code, document: String(form.get("documento") ?? "") || undefined, addressToken: token, keys }),
    false,
  );
}

/**
 * POST /api/verificar, for API clients: the PDF itself (`application/pdf`), or JSON `{"codigo", "documento"?}`;
 * answered in JSON, 4xx for what cannot be verified.
 */
export async function verifyApi(request: Request) {
  const { services, keys } = await certificateServices();
  if (!keys) return verificationAnswer(request, { outcome: "invalid", message: "La verificación no está disponible en este momento." }, true);
  const token = addressToken(clientAddress(request));
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/pdf")) {
    return verificationAnswer(
      request,
      await verifyByFile(services.db, { bytes: new Uint8Array(await request.arrayBuffer()), addressToken: token, keys }),
      true,
    );
  }
  let body: unknown;
  try {
    body = type.startsWith("application/json") ? JSON.parse(await request.text()) : undefined;
  } catch {
    body = undefined;
  }
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (typeof fields.codigo !== "string") {
    return Response.json(
      {
        error: {
          code: "datos_invalidos",
          message: "Envíe el PDF (Content-Type: application/pdf) o un JSON con «codigo» (y, para ver el salario, «documento»).",
        },
      },
      { status: 400, headers: NOINDEX },
    );
  }
  const document = typeof fields.documento === "string" ? fields.documento.slice(0, 40) : undefined;
  return verificationAnswer(request, await verifyByCode(services.db, { code: fields.codigo, document, addressToken: token, keys }), true);
}

/**
 * GET /verificar/clave: the current public key first (a PEM reader takes it alone), then the earlier ones
 * still trusted, each after a line with its id (the one a certificate records); `?id=` gives one key alone.
 */
export async function publicKeyAnswer(request: Request) {
  const { keys } = await certificateServices();
  const text = { "Content-Type": "text/plain; charset=utf-8" };
  if (!keys) return new Response("La clave de los certificados no está configurada.\n", { status: 503, headers: { ...text, ...NOINDEX } });
  const id = new URL(request.url).searchParams.get("id");
  const headers = { ...text, "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" };
  if (id !== null) {
    const key = keys.published.find((k) => k.id === id.toLowerCase());
    return key
      ? new Response(key.pem, { headers })
      : new Response("No conocemos una clave con ese identificador.\n", { status: 404, headers: { ...text, ...NOINDEX } });
  }
  const body = keys.published
    .map((k) => `${k.current ? "Clave vigente" : "Clave anterior (solo para verificar los certificados que firmó)"}, id ${k.id}:\n${k.pem}`)
    .join("\n");
  return new Response(body, { headers });
}
