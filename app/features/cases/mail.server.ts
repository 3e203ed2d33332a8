/** A case's mails go out with the outbox, rendered when queued (ADR 012): each channel writes its own. */
import type { Transaction } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { RenderedMail } from "~/platform/mail.server";

/** Queues a case's mail in the caller's transaction: it leaves with the outbox, after the commit. */
export async function queueCaseMail(trx: Transaction<Database>, caseId: number, recipients: string, mail: RenderedMail, now = new Date().toISOString()) {
  await trx
    .insertInto("outbox")
    .values({
      message_id: null,
      case_id: caseId,
      recipients,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      attachment_name: mail.attachment?.name ?? null,
      attachment_type: mail.attachment?.type ?? null,
      attachment_content: mail.attachment?.content ?? null,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      sent_at: null,
      created_at: now,
    })
    .execute();
}
