import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const PUBLISHED = [
  "/",
  "/cliente",
  "/contacto",
  "/incidente",
  "/nosotros",
  "/nosotros/misionVision",
  "/nosotros/sagrilaft",
  "/nosotros/politicaGeneros",
  "/nosotros/reglamentoInterno",
  "/nosotros/unClick",
  "/nosotros/desconexionLaboral",
  "/ofertas-falsas",
  "/privacidad",
];

/** Records console errors and failed same-origin requests of a page. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export interface SavedMail {
  subject: string;
  text: string;
  to: string;
  replyTo: string;
}

/** Every mail the suite's SMTP sink saved (global-setup.ts), oldest first. */
export function savedMails(): SavedMail[] {
  const dir = process.env.E2E_MAIL_DIR as string;
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as SavedMail);
}

/** The mails to `address` (any case), oldest first. */
export const mailsTo = (address: string) => savedMails().filter((m) => String(m.to).toLowerCase().includes(address.toLowerCase()));

/** The last one-time code mailed to `address` (a subject that ends «: 123456»; a radicado's digits do not count). */
export const codeMailedTo = (address: string) =>
  mailsTo(address)
    .map((m) => /: (\d{6})$/.exec(m.subject)?.[1])
    .filter(Boolean)
    .at(-1);
