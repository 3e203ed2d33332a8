/**
 * The database's tables as the code reads them (Kysely's typed \`Database\`), for every feature: the
 * platform owns the schema and its migrations (./migrations), so no feature reaches into another's
 * folder to learn a table. Timestamps are ISO-8601 text on both engines (they sort as text).
 */
import type { ColumnType } from "kysely";
import type { Role } from "~/config/roles";

export interface MessagesTable {
  id: number | undefined;
  form: "contacto" | "cliente";
  empresa: string | null;
  cargo: string | null;
  nombre: string;
  celular: string;
  correo: string;
  mensaje: string;
  consent_at: string;
  policy_version: string;
  received_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

export interface OutboxTable {
  id: number | undefined;
  /** A contact or client message (its mail is rendered when sent), or null for a report mail. */
  message_id: number | null;
  recipients: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  /** Claimed by an instance until then (lease); null when nobody is sending it. */
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** Report mails (app/reports): the case, and the mail rendered when it was queued. */
  case_id: number | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
}

/** The legacy single-role column; the roles themselves are in user_roles (roles.server.ts). */
export type LegacyRole = "admin" | "staff";

export interface UsersTable {
  id: number | undefined;
  email: string;
  name: string;
  role: LegacyRole;
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  password_changed_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random id: a leaked database does not leak live sessions. */
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  /** "cuenta:<email>" or "direccion:<ip>". */
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

export interface AuditLogTable {
  id: number | undefined;
  at: string;
  user_id: number | null;
  user_email: string;
  action: string;
  message_id: number | null;
  /** A report (app/reports) the action concerns. */
  case_id: number | null;
  detail: string | null;
}

export interface RateLimitsTable {
  /** "<limit>:<client address>", e.g. "formularios:203.0.113.9". */
  key: string;
  hits: number;
  reset_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export interface CasesTable {
  id: number | undefined;
  /** Which front door: "incidentes" (this issue); the ethics line adds its own. */
  channel: string;
  /** Within the channel: "accidente" | "incidente" here. */
  kind: string;
  radicado: string;
  /** scrypt of the follow-up code with this case's own salt; the code itself is never stored. */
  code_salt: string;
  code_hash: string;
  status: string;
  received_at: string;
  /** When the company learned of the event: the legal clocks start here (default: reception). */
  learned_at: string;
  /** When the report was accepted under `policy_version`; the ethics line keeps an identified reporter's own consent in `ethics_reports.consent_at`. */
  consent_at: string;
  policy_version: string;
  /** The separate consent for sensitive (health) data, when given. */
  sensitive_consent_at: string | null;
  /** An e-mail of the reporter or the person concerned, for confirmations and data-subject requests. */
  contact_email: string | null;
  updated_at: string;
}

export interface CaseEventsTable {
  id: number | undefined;
  case_id: number;
  at: string;
  /** "estado" (a status change, perhaps with a note) or "nota". */
  type: "estado" | "nota";
  status: string | null;
  note: string | null;
  /** 1: the reporter reads it through CONSULTAR; 0: internal. */
  visible: number;
  /** The staff member's e-mail, or "reportante" / "sistema". */
  author: string;
}

export interface AccidentReportsTable {
  case_id: number;
  reporta_nombre: string | null;
  reporta_relacion: string;
  reporta_celular: string | null;
  reporta_correo: string | null;
  trabajador_nombre: string;
  trabajador_tipo_documento: string;
  trabajador_documento: string;
  trabajador_celular: string;
  trabajador_correo: string | null;
  empresa_usuaria: string;
  sede: string;
  fecha: string;
  hora: string;
  lugar: string;
  descripcion: string;
  testigos: string | null;
  /** Health data (Ley 1581 art. 5): stored only with the sensitive-data consent. */
  lesion: string | null;
  parte_cuerpo: string | null;
  atencion_medica: string | null;
  atencion_lugar: string | null;
  /** Legal clocks, computed when stored and when staff change learned_at. */
  furat_due_at: string | null;
  investigation_due_at: string;
  arl_filed_at: string | null;
  arl_number: string | null;
}

export interface CaseLookupAttemptsTable {
  /** "direccion:<sha256 of the address>" or "radicado:<RADICADO>": no address is stored in clear. */
  key: string;
  attempts: number;
  window_started_at: string;
}

export interface EthicsReportsTable {
  case_id: number;
  /** 1 when the reporter chose to give a name and a contact (then inside `payload`, sealed). */
  identified: number;
  /** When an identified reporter consented to the processing of their name and contact (policy §9); null if anonymous. */
  consent_at: string | null;
  /** The report's fields as sealed JSON: what, when, where, who, evidence, and the reporter's own data if given. */
  payload: string;
}

/** A post to a case channel that filled the spam trap, held for review (ADR 017). */
export interface HeldPostsTable {
  id: number | undefined;
  channel: string;
  received_at: string;
  /** The validated values as JSON; sealed on a confidential channel. */
  payload: string;
  status: ColumnType<"retenido" | "convertido" | "descartado", "retenido" | "convertido" | "descartado" | undefined, "retenido" | "convertido" | "descartado">;
  decided_at: string | null;
  decided_by: string | null;
  case_id: number | null;
}

/**
 * SQLite only: the messages' text index (FTS5, migration 011), without a copy of the text; `rowid` is
 * the message's id and the column named like the table takes a MATCH expression.
 */
export interface MessagesFtsTable {
  rowid: number;
  messages_fts: string;
}

/** PostgreSQL only: the messages' text index (migration 011), one tsvector per message, kept by a trigger. */
export interface MessagesBusquedaTable {
  message_id: number;
  documento: string;
}

export interface Database {
  messages_fts: MessagesFtsTable;
  messages_busqueda: MessagesBusquedaTable;
  held_posts: HeldPostsTable;
  cases: CasesTable;
  case_events: CaseEventsTable;
  accident_reports: AccidentReportsTable;
  case_lookup_attempts: CaseLookupAttemptsTable;
  ethics_reports: EthicsReportsTable;
  user_roles: UserRolesTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
}
