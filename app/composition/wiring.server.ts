/**
 * The composition root: what the platform's services need from the features, handed in once. The
 * platform imports no feature (docs/architecture.md); this file may import any. Loaded by the server
 * entry (app/entry.server.tsx), so it is in place in production, in development and in prerendering.
 */
import { getSiteConfig } from "~/config/site.server";
import { loadDocument } from "~/features/documents/markdown.server";
import { ethicsMailboxNotices, ethicsSealer, recipientContext } from "~/features/ethics/ethics.server";
import { prepareEthicsKey } from "~/features/ethics/key-file.server";
import { prepareCertificateKey } from "~/features/certificates/keys.server";
import { padesNotices } from "~/features/certificates/pades.server";
import { composeMessageMail } from "~/features/messages/mail.server";
import { fillMissingCityCodes } from "~/features/vacancies/city-codes.server";
import { startFieldSpeedWarmer } from "~/features/vitals/dashboard.server";
import { setBusinessCalendar } from "~/platform/dates";
import { log } from "~/platform/log.server";
import { configureServices } from "~/platform/services.server";
import { dailyPurge } from "~/composition/retention.server";

// Every legal clock counts the company's working days (product rule 36). A bad configuration must not
// break this module's import: the start imports the previous build to validate the configuration and
// name the wrong field before a rebuild (scripts/start.js), and refuses to start with it.
try {
  setBusinessCalendar(getSiteConfig().calendar);
} catch {
  // validateConfiguration() reports it.
}

configureServices({
  policyVersion: () => loadDocument("privacidad", getSiteConfig()).meta.version,
  renderMessage: composeMessageMail,
  unsealRecipient(env, sealed, caseId) {
    const sealer = ethicsSealer(env);
    if (!sealer) throw new Error("ETHICS_KEY no está definida: no se puede abrir el destinatario de un aviso de la línea ética");
    return sealer.open(sealed, recipientContext(caseId));
  },
  // The ethics line's key: ETHICS_KEY, or on the embedded default a file created on the first start; and
  // where its notices go when an owner role has no mailbox of its own.
  startNotices: async (env) => [...prepareEthicsKey(env), ...ethicsMailboxNotices(env), ...prepareCertificateKey(env), ...(await padesNotices(env))],
  // Retention (ADR 019): the daily purge of what is past its period.
  dailyPurge,
  startBackground: (db, readDb) => {
    // Field speed (ADR 023): the staff page's closed days read in the background, on the staff's read connection.
    const warmer = startFieldSpeedWarmer(readDb, {
      onWarm: (ms) => log("info", "field-speed-warmed", { ms }),
      onError: (error) => log("error", "field-speed-warm-failed", { error: String(error) }),
    });
    // Vacancies and applications saved before cities came from DANE's list get their codes (ADR 028).
    const cityCodes = fillMissingCityCodes(db, readDb).then(
      (filled) => {
        if (filled.vacancies + filled.applications > 0) log("info", "city-codes-filled", filled);
      },
      (error) => log("error", "city-codes-fill-failed", { error: String(error) }),
    );
    return {
      stop: async () => {
        await cityCodes;
        await warmer.stop();
      },
    };
  },
});
