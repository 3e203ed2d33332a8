/**
 * A mail's MIME text for the outbox. nodemailer's MimeNode writes the headers (addresses with their
 * names encoded, the subject as encoded words, Date, Message-ID, the multipart boundary); the parts'
 * bodies are base64 written here in one step. nodemailer's own composition streams every part through
 * its encoders and cost about twice the CPU of the sending itself, on the thread that answers the forms
 * (ADR 024, addendum). A mail with an attachment keeps nodemailer's composition.
 */
import MimeNode from "nodemailer/lib/mime-node";

export interface PlainMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Without it, a plain-text mail. */
  html?: string;
  messageId: string;
}

/** base64 in lines of 76 characters (RFC 2045). */
function base64Lines(content: string): string {
  const encoded = Buffer.from(content, "utf8").toString("base64");
  let out = "";
  for (let i = 0; i < encoded.length; i += 76) out += `${encoded.slice(i, i + 76)}\r\n`;
  return out;
}

function leaf(node: MimeNode): MimeNode {
  node.setHeader("Content-Transfer-Encoding", "base64");
  return node;
}

/**
 * The message as sent (CRLF lines), its SMTP envelope (From, and the To addresses) and its Message-ID,
 * which nodemailer would otherwise draw at random for its own records of a raw message.
 */
export function composeMail(mail: PlainMail): { envelope: { from: string; to: string[] }; raw: string; messageId: string } {
  const alternatives: [string, string][] = [["text/plain; charset=utf-8", mail.text]];
  if (mail.html !== undefined) alternatives.push(["text/html; charset=utf-8", mail.html]);
  // A fixed boundary: the parts are base64, whose alphabet has neither "-" nor "_", so it can never
  // appear inside one (and no random bytes are drawn for each mail).
  const options = { baseBoundary: "sitio" };
  const root = alternatives.length > 1 ? new MimeNode("multipart/alternative", options) : leaf(new MimeNode(alternatives[0][0], options));
  root.setHeader("From", mail.from);
  root.setHeader("To", mail.to);
  if (mail.replyTo) root.setHeader("Reply-To", mail.replyTo);
  root.setHeader("Subject", mail.subject);
  root.setHeader("Message-ID", mail.messageId);
  let raw: string;
  if (alternatives.length === 1) raw = `${root.buildHeaders()}\r\n\r\n${base64Lines(alternatives[0][1])}`;
  else {
    const nodes = alternatives.map(([type, content]) => [leaf(root.createChild(type)), content] as const);
    // The root's headers first: they choose the boundary.
    const head = root.buildHeaders();
    const parts = nodes.map(([node, content]) => `--${root.boundary}\r\n${node.buildHeaders()}\r\n\r\n${base64Lines(content)}`);
    raw = `${head}\r\n\r\n${parts.join("")}--${root.boundary}--\r\n`;
  }
  const envelope = root.getEnvelope();
  return { envelope: { from: envelope.from || "", to: envelope.to }, raw, messageId: mail.messageId };
}
