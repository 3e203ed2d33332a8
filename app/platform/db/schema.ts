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
  /** Case mails (app/features/cases): the case, and the mail rendered when it was queued. */
  case_id: number | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  /** One attachment of a case mail (the access export of a data-protection request); dropped once delivered like the bodies. */
  attachment_name: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_type: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_content: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface AuditLogTable {
  id: number | undefined;
  at: string;
  user_id: number | null;
  user_email: string;
  action: string;
  message_id: number | null;
  /** A case (app/features/cases) the action concerns. */
  case_id: number | null;
  detail: string | null;
  /**
   * The one role that alone reads this entry (an ethics category's owner, migration 020); null: read by
   * area, an ethics entry by its case's category. 'reservado' (old ethics entries of unknown category): no one.
   */
  audience: string | null;
}

/** A confidential role asked by one admin, waiting for another's confirmation (ADR 021). */
export interface PendingRoleGrantsTable {
  id: number | undefined;
  user_id: number;
  role: Role;
  requested_by: number;
  requested_at: string;
  expires_at: string;
  decided_by: number | null;
  decided_at: string | null;
  /** "confirmado" | "rechazado" once decided. */
  decision: string | null;
}

export interface RateLimitsTable {
  /**
   * "<limit>:<what is counted>": "formularios:203.0.113.9" (form posts per address),
   * "consulta:<channel>:direccion:<keyed hash>" and "consulta:radicado:<RADICADO>" (CONSULTAR),
   * "ingreso:par:<email>|<address>", "ingreso:cuenta:<email>", "ingreso:conocida:<email>|<address>" and
   * "ingreso:direccion:<address>" (staff sign-in). ADR 016 and its addendum.
   */
  key: string;
  hits: number;
  /** When the window ends (a sign-in pair's: its last attempt plus the time failures are remembered). */
  reset_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export interface CasesTable {
  id: number | undefined;
  /** Which front door: "incidentes"; the ethics line adds its own. */
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

export interface IncidentsTable {
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
  /** When the last of the four notices due with the FURAT (deadlines.ts FURAT_NOTICES) was recorded; null while one is missing. */
  furat_notices_filed_at: string | null;
  arl_number: string | null;
  /** Res. 1401 de 2007 art. 3: incidente, accidente, grave, mortal; set by occupational health (null: not yet). */
  severity: string | null;
}

/** A notice an accident report owes, once given (migration 016). */
export interface IncidentNoticesTable {
  case_id: number;
  notice: "arl" | "eps" | "trabajador" | "territorial" | "investigacion_arl";
  /** aaaa-mm-dd, the day it was filed or delivered. */
  filed_on: string;
  /** The receiving entity's number, or how the copy was delivered. */
  reference: string | null;
  recorded_by: string;
  recorded_at: string;
}

/** The semester figures of sexual harassment published on the site (Ley 2365 de 2024; migration 016). */
export interface PublishedFiguresTable {
  id: number | undefined;
  /** aaaa-1 (January–June) or aaaa-2 (July–December). */
  semester: string;
  complaints: number;
  sanctions: number;
  published_at: string;
  published_by: string;
  /** JSON of what was added up: `{ line: { complaints, sanctions }, others: [{ source, complaints, sanctions }] }`; null before migration 025 (then complaints counted those received on the ethics line). */
  detail: string | null;
}

/** Sexual-harassment complaints processed and sanctions imposed through a channel other than the ethics line, per semester (Ley 2365 de 2024). */
export interface GenderFiguresOtherTable {
  id: number | undefined;
  semester: string;
  /** The channel's name, e.g. «Correo de gestión humana»; never a person's data. */
  source: string;
  complaints: number;
  sanctions: number;
  recorded_by: string;
  recorded_at: string;
}

/** The last radicado number issued per prefix and year (docs/product.md §33): it only goes up. */
export interface RadicadoSequencesTable {
  prefix: string;
  year: number;
  last_number: number;
}

export interface EthicsReportsTable {
  case_id: number;
  /** 1 when the reporter chose to give a name and a contact (then inside `payload`, sealed). */
  identified: number;
  /** When an identified reporter consented to the processing of their name and contact (policy §9); null if anonymous. */
  consent_at: string | null;
  /** The report's fields as sealed JSON: what, when, where, who, evidence, and the reporter's own data if given. */
  payload: string;
  /** A worker on assignment's workplace-harassment complaint: when the user company's committee took it (Res. 3461 de 2025). */
  user_committee_engaged_on: string | null;
  /** How the case ended: archivado, no_probado, probado (with the measure taken, sealed). */
  outcome: string | null;
  outcome_measure: string | null;
  outcome_at: string | null;
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

/** A request of the PQRS channel (docs/product.md §28, ADR 019) with its legal clock. */
export interface RequestsTable {
  case_id: number;
  /** The legal term it runs on (app/features/requests/clock.ts). */
  term: string;
  /** 1: a queja or sugerencia filed without identifying oneself (no name, document nor e-mail). */
  anonymous: number;
  nombre: string | null;
  tipo_documento: string | null;
  documento: string | null;
  /** The answer address. */
  correo: string | null;
  celular: string | null;
  descripcion: string;
  /** The person's consent under the policy version stored on the case; null for an anonymous one. */
  consent_at: string | null;
  /** Day 1 of the term (aaaa-mm-dd). */
  first_day: string;
  /** The due date without extension; recomputed when a paused clock resumes. */
  base_due_at: string | null;
  /** The due date in force (with the extension, if any); null while the clock is paused. */
  due_at: string | null;
  extended_at: string | null;
  extension_reason: string | null;
  /** The request to complete: when, what is missing, the last day to complete it (aaaa-mm-dd), the business days left. */
  completion_requested_at: string | null;
  completion_request: string | null;
  completion_deadline: string | null;
  /** When the person's extension of the window to complete was recorded (Ley 1755 art. 17; once). */
  completion_extended_at: string | null;
  remaining_days: number | null;
  completed_at: string | null;
  answered_at: string | null;
  answer: string | null;
  closed_at: string | null;
  /** Access requests: the export of the person's records attached to the answer (dropped when the request closes). */
  export_json: string | null;
  export_at: string | null;
  /** Deletion requests: when the deletion ran from the request, and what it did or why it was refused. */
  deletion_at: string | null;
  deletion_summary: string | null;
}

/** A hold set by staff with a reason (ADR 019): while active, the person's records are neither purged nor deleted on request. */
export interface LegalHoldsTable {
  id: number | undefined;
  /** A person, as an e-mail (lower case) or a document number (upper case). */
  subject: string;
  reason: string;
  set_by: string;
  set_at: string;
  cleared_by: string | null;
  cleared_at: string | null;
  clear_reason: string | null;
}

/** One row per periodic job: whoever holds the lease runs it (one instance at a time on PostgreSQL). */
export interface JobLeasesTable {
  name: string;
  locked_until: string | null;
  /** The Colombian day of the last run that finished (aaaa-mm-dd). */
  last_run_day: string | null;
  last_finished_at: string | null;
}

/**
 * SQLite only: the messages' text index (FTS5, migration 018), without a copy of the text; `rowid` is
 * the message's id and the column named like the table takes a MATCH expression.
 */
export interface MessagesFtsTable {
  rowid: number;
  messages_fts: string;
}

/** SQLite only (migration 027, ADR 024): the highest message id in `messages_fts`; one row, id 1. */
export interface MessagesFtsStateTable {
  id: number;
  indexed_through: number;
}

/** PostgreSQL only: the messages' text index (migration 018), one tsvector per message, kept by a trigger. */
export interface MessagesBusquedaTable {
  message_id: number;
  documento: string;
}

/** One page view's field measurements (migration 026, ADR 023): no address, identifier or path. */
export interface VitalViewsTable {
  /** The Colombian day it was received (aaaa-mm-dd). */
  day: string;
  received_at: string;
  /** The route's pattern (`/admin/reportes/:id`), never the visited path. */
  route: string;
  device: "phone" | "tablet" | "desktop";
  connection: string | null;
  navigation: string;
  service_worker: "none" | "controlled" | "cache";
  build: string;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  fcp: number | null;
  ttfb: number | null;
  lcp_target: string | null;
  inp_target: string | null;
}

/** Daily histograms per route, device class and metric (fixed buckets, app/features/vitals/metrics.ts). */
export interface VitalDailyTable {
  day: string;
  route: string;
  device: string;
  metric: "views" | "lcp" | "inp" | "cls" | "fcp" | "ttfb";
  bucket: number;
  views: number;
}

/** Per day, how many poor views named each LCP element or INP interaction target. */
export interface VitalDailyTargetsTable {
  day: string;
  route: string;
  device: string;
  metric: "lcp" | "inp";
  target: string;
  views: number;
}

/**
 * The incident channel's stored table. The channel is `incidents` in code; its table keeps the name it
 * was created with (released migrations never change), and the code names it through this alias only.
 */
export const INCIDENTS_TABLE = "accident_reports";
/** Each payroll import (ADR 027): its cut-off day ("datos de nómina al …") and counts. */
export interface PayrollImportsTable {
  id: number | undefined;
  imported_at: string;
  cutoff_day: string;
  file_name: string;
  file_sha256: string;
  user_email: string;
  rows_read: number;
  people: number;
  people_new: number;
  contracts_new: number;
  contracts_changed: number;
  contracts_unchanged: number;
}

/** A worker on the payroll, keyed by an HMAC of document type and number (the number is not stored). */
export interface PayrollPeopleTable {
  person_key: string;
  document_type: string;
  full_name: string;
  email: string | null;
  mobile: string | null;
  cutoff_day: string;
  import_id: number;
}

export interface PayrollContractsTable {
  person_key: string;
  /** Start day, kind and position: what tells two contracts of one person apart. */
  contract_key: string;
  position: string;
  kind: "fijo" | "indefinido" | "obra_labor" | "ocasional" | "reemplazo" | "aprendizaje";
  start_day: string;
  end_day: string | null;
  user_company: string | null;
  salary: number;
  duties: string | null;
  import_id: number;
}

/** The one live one-time code per document, hashed. */
export interface CertificateCodesTable {
  person_key: string;
  /** SHA-256 of the flow's cookie token: the code is tried only from the browser that asked for it. */
  flow_hash: string;
  code_hash: string;
  tries: number;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
}

export interface CertificatesTable {
  id: number | undefined;
  code: string;
  person_key: string;
  /** HMAC of the document number alone: the verifier who types it sees the salary. */
  document_check: string;
  document_number: string;
  holder_name: string;
  issued_at: string;
  /** JSON: what the certificate says (CertificateSnapshot). */
  snapshot: string;
  sha256: string;
  signature: string;
  /** The Ed25519 key that signed (first 16 hex of its public key's SHA-256); null before migration 030. */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The PDF signature's PKCS#7 (DER, base64) when a PKCS#12 was configured (ADR 027, addendum). */
  pades_cms: ColumnType<string | null, string | null | undefined, string | null>;
  includes_salary: number;
  flow_hash: string | null;
  downloaded_at: string | null;
  verifications: ColumnType<number, number | undefined, number>;
  last_verified_at: string | null;
  annulled_at: string | null;
  annulled_reason: string | null;
  annulled_by: string | null;
}

/** A vacancy published at /empleos (product rule 40, ADR 028). */
export interface VacanciesTable {
  id: number | undefined;
  slug: string;
  status: "borrador" | "publicada" | "cerrada";
  title: string;
  city: string;
  /** DANE code of the city (DIVIPOLA); null on rows written before the list (migration 031). */
  city_code: string | null;
  department: string;
  /** The user company's sector; its name only when the company configures it. */
  sector: string;
  company_name: string | null;
  /** Monthly pesos; a range when salary_max is set. */
  salary_min: number;
  salary_max: number | null;
  schedule: string;
  contract: string;
  /** Full or part time (JobPosting employmentType). */
  workday: string;
  places: number;
  requirements: string;
  duties: string;
  /** The last day applications are taken (aaaa-mm-dd, Colombian day). */
  closes_on: string;
  /** The code of its registration in the Servicio Público de Empleo. */
  spe_code: string | null;
  /** Title, city, sector, requirements and duties in lower case without accents, for the list's search. */
  search_text: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  closed_at: string | null;
}

/** An application to a vacancy (product rule 41): a case of the channel `postulaciones`. */
export interface JobApplicationsTable {
  case_id: number;
  vacancy_id: number;
  received_at: string;
  nombre: string;
  tipo_documento: string;
  documento: string;
  correo: string;
  celular: string;
  ciudad: string;
  /** DANE code of the city (DIVIPOLA); null on rows written before the list (migration 031). */
  ciudad_code: string | null;
  mensaje: string | null;
  selection_consent_at: string;
  /** Generated; names the file in the data folder (SQLite) or the row of resume_files (PostgreSQL). */
  resume_key: string;
  resume_size: number;
  resume_sha256: string;
  resume_updated_at: string;
  withdrawn_at: string | null;
}

/** A résumé's bytes on PostgreSQL. */
export interface ResumeFilesTable {
  key: string;
  content: Buffer;
  created_at: string;
}

export interface Database {
  payroll_imports: PayrollImportsTable;
  payroll_people: PayrollPeopleTable;
  payroll_contracts: PayrollContractsTable;
  certificate_codes: CertificateCodesTable;
  certificates: CertificatesTable;
  vacancies: VacanciesTable;
  job_applications: JobApplicationsTable;
  resume_files: ResumeFilesTable;
  vital_views: VitalViewsTable;
  vital_daily: VitalDailyTable;
  vital_daily_targets: VitalDailyTargetsTable;
  accident_notices: IncidentNoticesTable;
  published_figures: PublishedFiguresTable;
  gender_figures_other: GenderFiguresOtherTable;
  pqrs_requests: RequestsTable;
  legal_holds: LegalHoldsTable;
  job_leases: JobLeasesTable;
  messages_fts: MessagesFtsTable;
  messages_fts_state: MessagesFtsStateTable;
  messages_busqueda: MessagesBusquedaTable;
  held_posts: HeldPostsTable;
  cases: CasesTable;
  case_events: CaseEventsTable;
  [INCIDENTS_TABLE]: IncidentsTable;
  radicado_sequences: RadicadoSequencesTable;
  ethics_reports: EthicsReportsTable;
  user_roles: UserRolesTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  pending_role_grants: PendingRoleGrantsTable;
  rate_limits: RateLimitsTable;
}
