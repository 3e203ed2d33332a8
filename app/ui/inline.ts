/**
 * What pages write inline instead of requesting it (ADR 011), each with a fixed text so the
 * Content-Security-Policy allows exactly these by hash: scripts/postbuild.js hashes the ones in each
 * prerendered page, and server.js hashes all of them (re-exported by server/app.ts) for the pages
 * rendered on request, such as the 404.
 *
 * Style sheets: base.css on every content page, plus the modules its routes name in `handle.styles`,
 * one <style> element each. The site script: site.js at the end of every page (forms.js before it on the
 * pages with forms).
 */
import formsScriptSource from "~/client/forms.js?inline-script";
import siteScriptSource from "~/client/site.js?inline-script";
import base from "~/styles/base.css?inline";
import document from "~/styles/document.css?inline";
import home from "~/styles/home.css?inline";
import incident from "~/styles/incident.css?inline";
import notFound from "~/styles/not-found.css?inline";
import fraud from "~/styles/fraud.css?inline";
import nosotros from "~/styles/nosotros.css?inline";

/** In cascade order, the same as app.css. */
export const inlineStyleSheets = { base, home, nosotros, document, incident, notFound, fraud } as const;

export type InlineStyleSheet = Exclude<keyof typeof inlineStyleSheets, "base">;

/** site.js, minified at build time (vite/inline-script.ts): the inline script of a content page. */
export const siteScript = siteScriptSource;

/**
 * The inline script of a page with forms (every page that does not inline its styles): forms.js (islands,
 * held and offline submits, copy buttons), then the site script. Content pages have no form that posts, and
 * do without its bytes.
 */
export const formPageScript = `${formsScriptSource}${siteScriptSource}`;

/** Every inline script, for the CSP of pages rendered on request. */
export const inlineScripts = [siteScript, formPageScript];
