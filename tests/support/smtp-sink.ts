/** A real SMTP server on loopback that keeps every message it receives, parsed. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  port: number;
  mails: ParsedMail[];
  waitForMails(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The first mail from index `from` on that `match` accepts: a late mail of an earlier test is passed over. */
  waitForMail(match: (mail: ParsedMail) => boolean, from: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * With `saveTo`, each mail is also written there as JSON (for tests in other processes). With
 * `beforeAccept`, the answer to each message's data waits for it (to hold a sender mid-send).
 */
export async function startSmtpSink(port = 0, saveTo?: string, beforeAccept?: (mail: ParsedMail) => Promise<void>): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (beforeAccept) await beforeAccept(mail);
          mails.push(mail);
          if (saveTo) {
            const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
            const record = { subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo?.text, to };
            writeFileSync(path.join(saveTo, `${Date.now()}-${mails.length}.json`), JSON.stringify(record));
          }
          callback();
        })
        .catch(callback);
    },
  });
  const actualPort = await listenOnLoopback(server, port);
  return {
    port: actualPort,
    mails,
    async waitForMails(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`esperaba ${count} correos, llegaron ${mails.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    async waitForMail(match, from, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`esperaba un correo que no llegó (${mails.length - from} otros desde el ${from})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SMTP server on loopback that takes every message and only counts it, for the benchmarks: the
 * relay a site hands its mail to runs on another machine, and parsing each mail here would charge the
 * load generator's process (and the two cores the site runs on) with work that is not the site's.
 */
export async function startCountingSmtpSink(): Promise<{ port: number; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  return {
    port: await listenOnLoopback(server, 0),
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Listens on 127.0.0.1 (port 0: any free one) and resolves with the port. */
async function listenOnLoopback(server: SMTPServer, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // A sender killed mid-session (kill -9 in the multi-instance tests, a bench's server stopped) resets
      // its connection: the server reports it as an 'error' event, which without a listener would crash the run.
      server.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.warn(`servidor SMTP de prueba: ${error.message}`);
      });
      resolve();
    });
  });
  const address = server.server.address();
  return typeof address === "object" && address ? address.port : port;
}
