/**
 * Posts to a case channel that filled the spam trap (ADR 017). A trap catches people too (a browser's
 * autofill fills hidden fields), and an accident or ethics report is the last thing the site may drop,
 * so such a post is validated like any other and, if valid, held here: no radicado, no notice as a
 * case, the sender told it waits for review. The channel's staff review it and register it as a case
 * (flagged in its history) or discard it. A confidential channel seals the payload at rest.
 */
import type { Kysely } from "kysely";
import { audit, type StaffUser } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { auditAction, type ChannelDef } from "./model";

/** How a channel keeps a held payload: in clear, or sealed (the ethics line). */
export interface HeldSealing {
  seal(plain: string, heldId: number): string;
  open(sealed: string, heldId: number): string;
}

export const plainHeld: HeldSealing = { seal: (plain) => plain, open: (sealed) => sealed };

export async function holdPost(db: Kysely<Database>, channel: ChannelDef, values: Record<string, string>, sealing: HeldSealing): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("held_posts")
      .values({ channel: channel.id, received_at: now, payload: "", decided_at: null, decided_by: null, case_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = row.id as number;
    await trx
      .updateTable("held_posts")
      .set({ payload: sealing.seal(JSON.stringify(values), id) })
      .where("id", "=", id)
      .execute();
    return id;
  });
}

export interface HeldPost {
  id: number;
  received_at: string;
  status: string;
  decided_at: string | null;
  decided_by: string | null;
  case_id: number | null;
  values: Record<string, string>;
}

/** Waiting posts shown at once (oldest first: they have waited longest), and decided ones after them. */
export const HELD_WAITING_SHOWN = 500;
export const HELD_DECIDED_SHOWN = 50;

/**
 * The channel's held posts: every waiting one (up to HELD_WAITING_SHOWN, oldest first), then the newest
 * decided ones. `visible` filters by what the reader may see (an ethics category, a PQRS kind): the
 * values are sealed on the ethics line, so it runs after they are opened.
 */
export async function listHeld(
  db: Kysely<Database>,
  channel: ChannelDef,
  sealing: HeldSealing,
  visible: (values: Record<string, string>) => boolean = () => true,
): Promise<HeldPost[]> {
  const of = db.selectFrom("held_posts").selectAll().where("channel", "=", channel.id);
  const [waiting, decided] = await Promise.all([
    of.where("status", "=", "retenido").orderBy("received_at", "asc").orderBy("id", "asc").limit(HELD_WAITING_SHOWN).execute(),
    of.where("status", "!=", "retenido").orderBy("received_at", "desc").orderBy("id", "desc").limit(HELD_DECIDED_SHOWN).execute(),
  ]);
  return [...waiting, ...decided]
    .map((r) => ({ ...r, id: r.id as number, values: JSON.parse(sealing.open(r.payload, r.id as number)) as Record<string, string> }))
    .filter((p) => visible(p.values));
}

export async function getHeld(db: Kysely<Database>, channel: ChannelDef, id: number, sealing: HeldSealing): Promise<HeldPost | undefined> {
  const r = await db.selectFrom("held_posts").selectAll().where("id", "=", id).where("channel", "=", channel.id).executeTakeFirst();
  return r ? { ...r, id: r.id as number, values: JSON.parse(sealing.open(r.payload, id)) as Record<string, string> } : undefined;
}

/** How many posts of the channel wait for review. */
export async function countWaitingHeld(db: Kysely<Database>, channel: ChannelDef): Promise<number> {
  const row = await db
    .selectFrom("held_posts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("channel", "=", channel.id)
    .where("status", "=", "retenido")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The held post a case came from, if it did: its case page flags it. */
export async function heldOrigin(db: Kysely<Database>, caseId: number) {
  return db.selectFrom("held_posts").select(["id", "received_at", "decided_by"]).where("case_id", "=", caseId).executeTakeFirst();
}

/**
 * Records the decision on a waiting post (registered as case `caseId`, or discarded), audited; `audience`:
 * the one role that reads the entry of a discarded post of a confidential channel (no case tells its category).
 */
export async function decideHeld(
  db: Kysely<Database>,
  channel: ChannelDef,
  user: StaffUser,
  id: number,
  decision: { caseId: number } | "descartado",
  audience?: string,
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable("held_posts")
    .set(
      decision === "descartado"
        ? { status: "descartado", decided_at: now, decided_by: user.email }
        : { status: "convertido", decided_at: now, decided_by: user.email, case_id: decision.caseId },
    )
    .where("id", "=", id)
    .where("channel", "=", channel.id)
    .where("status", "=", "retenido")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await audit(db, user, auditAction(channel, decision === "descartado" ? "descartar_retenido" : "registrar_retenido"), {
    ...(decision === "descartado" ? {} : { caseId: decision.caseId }),
    detail: `retenido n.º ${id}`,
    ...(audience ? { audience } : {}),
  });
  return true;
}
