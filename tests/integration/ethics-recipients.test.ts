/**
 * Where the ethics line's notices go when an owner role has no mailbox of its own (docs/product.md §34):
 * to the active accounts that hold the role, never to the general mailbox (MAIL_TO), which would learn
 * from them which categories receive reports and when. Built server, real SMTP sink, the suite's engine.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccounts } from "../support/accounts";
import { execute, freshDatabaseUrl } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl: string;

const FACTS = { cuando: "Noviembre de 2026", donde: "Sede de Cali", involucrados: "El coordinador de turno", evidencia: "Mensajes", identificacion: "anonimo" };
const postJson = (body: unknown) =>
  fetch(`${server.url}/php/linea-etica`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const recipientOf = (m: { to?: unknown }) => {
  const to = m.to as { text?: string } | { text?: string }[] | undefined;
  return Array.isArray(to) ? to.map((t) => t.text).join(",") : (to?.text ?? "");
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("etica-destinatarios");
  createAccounts(dbUrl, [
    ["referente@example.com", "genero"],
    ["referente-suplente@example.com", "genero"],
    ["retirada@example.com", "genero"],
    ["admin@example.com", "admin"],
  ]);
  await execute(dbUrl, "update users set disabled_at = ? where email = ?", [new Date().toISOString(), "retirada@example.com"]);
  // No MAIL_TO_CUMPLIMIENTO, MAIL_TO_CONVIVENCIA nor MAIL_TO_GENERO; no account holds cumplimiento.
  server = await startServer(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO: "buzon-general@example.com", ETHICS_KEY: Buffer.alloc(32, 9).toString("base64") },
    dbUrl,
  );
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

it("tells the role's active accounts, never the general mailbox, and says so at the start", async () => {
  const harassment = await postJson({ ...FACTS, categoria: "acoso_sexual", descripcion: "Comentarios de contenido sexual del coordinador." });
  expect(harassment.status).toBe(201);
  const bribery = await postJson({ ...FACTS, categoria: "soborno", descripcion: "Un proveedor ofreció dinero a un jefe de compras." });
  expect(bribery.status).toBe(201);

  // (Granting genero to a second account mailed the first holder: only the report notices count here.)
  const NOTICE = "Llegó un reporte nuevo a la línea ética";
  const notices = () => smtp.mails.filter((m) => m.subject?.includes(NOTICE));
  for (const deadline = Date.now() + 60_000; notices().length === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
  const [notice] = notices();
  expect(recipientOf(notice)).toContain("referente@example.com");
  expect(recipientOf(notice)).toContain("referente-suplente@example.com");
  expect(recipientOf(notice)).not.toContain("retirada@example.com");
  // The bribery report has no owner account and no mailbox: nobody is told, least of all MAIL_TO.
  await new Promise((r) => setTimeout(r, 1500));
  expect(notices()).toHaveLength(1);
  expect(smtp.mails.map(recipientOf).join(",")).not.toContain("buzon-general@example.com");
  expect(server.output()).toContain("Sin MAIL_TO_CUMPLIMIENTO, MAIL_TO_CONVIVENCIA, MAIL_TO_GENERO");
});
