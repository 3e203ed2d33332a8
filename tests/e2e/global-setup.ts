import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAccounts } from "../support/accounts";
import { startServer } from "../support/server-process";
import { startSmtpSink } from "../support/smtp-sink";

/** One production server for the browser tests, with a fresh database and a real SMTP sink. */
export default async function globalSetup() {
  const mailDir = mkdtempSync(path.join(tmpdir(), "sitio-e2e-mail-"));
  const smtp = await startSmtpSink(0, mailDir);
  const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "sitio-e2e-db-")), "sitio.db");
  createAccounts(databaseFile, [
    ["admin@example.com", "admin"],
    ["personal@example.com", "staff"],
    ["bloqueo@example.com", "staff"],
    ["sst@example.com", "sst"],
    ["comite@example.com", "convivencia"],
    ["genero@example.com", "genero"],
  ]);
  const server = await startServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_TO: "equipo@example.com",
      MAIL_TO_SST: "sst-equipo@example.com",
      MAIL_TO_CONVIVENCIA: "comite-buzon@example.com",
      ETHICS_KEY: Buffer.alloc(32, 3).toString("base64"),
      FORM_RATE_LIMIT: "1000",
      PORT: process.env.E2E_PORT ?? "3100",
    },
    databaseFile,
  );
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATABASE = server.databaseFile;
  return async () => {
    await server.stop();
    await smtp.close();
  };
}
