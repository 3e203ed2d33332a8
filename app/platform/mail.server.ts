/**
 * The one mail renderer of the site: a title, a table of labelled values and paragraphs, as plain text
 * and as HTML with every value escaped. Each feature writes its own mails with it (the message forms'
 * mail to the company, the case channels' notices).
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** One file sent with a case mail (the access export of a data-protection request), dropped once delivered. */
  attachment?: MailAttachment;
}

export interface MailAttachment {
  name: string;
  /** A MIME type; `application/pdf;base64` when `content` is a binary file in base64. */
  type: string;
  content: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** Header values (a subject, a reply-to) must stay on one line. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

/**
 * `rows` are label/value pairs (values keep their line breaks), `paragraphs` follow them, and `footer`,
 * if given, closes the mail in smaller type (who sent it and why).
 */
export function renderMail(title: string, rows: readonly (readonly [string, string])[], paragraphs: readonly string[] = [], footer?: string): RenderedMail {
  const text = [...(rows.length ? [...rows.map(([k, v]) => `${k}: ${v}`), ""] : []), ...paragraphs, ...(footer ? [footer] : [])].join("\n");
  const table = rows.length
    ? `<table cellpadding="6" style="border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(k)}</th><td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
        )
        .join("")}</table>\n`
    : "";
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2631">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${table}${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}${footer ? `\n<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>` : ""}</body></html>`;
  return { subject: oneLine(title), text, html };
}
