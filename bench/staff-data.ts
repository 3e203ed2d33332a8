/**
 * The staff benchmark's data (bench/staff.ts): a database created by the real migrations up to 010, filled
 * with plain bulk inserts in transactions, then opened by the site's own openDatabase, which runs the
 * later migrations over the rows (their backfill is part of what is measured). Deterministic (seeded).
 *
 * For N messages over three years: ~N/5 distinct people (e-mails as typed, some with capitals; Colombian
 * mobiles in several spellings), one outbox row per message, N/10 incident and accident reports with their
 * mails (~1.16 N outbox rows in all), ~5.3 events per case, N/200 ethics reports, and N audit entries.
 */
import SQLite from "better-sqlite3";
import pg from "pg";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { openDatabase } from "../app/platform/db/database.server";
import { migrationsFor } from "../app/platform/db/migrations";

type Engine = "sqlite" | "postgres";
type Row = (string | number | null)[];

const DAY = 86_400_000;
const LAST_BEFORE_DATA = "010_sexual_harassment_route";
/** The migrations up to this one run before the FURAT notices are added; the staff area's (018) after. */
const LAST_BEFORE_STAFF_AREA = "017_one_rate_counter";

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  "José",
  "María",
  "Luis",
  "Ana",
  "Jesús",
  "Lucía",
  "Andrés",
  "Valentina",
  "Sebastián",
  "Camila",
  "Nicolás",
  "Sofía",
  "Julián",
  "Daniela",
  "Óscar",
  "Mónica",
  "Iván",
  "Ángela",
  "Martín",
  "Paula",
  "Hernán",
  "Natalia",
  "Raúl",
  "Verónica",
  "Jairo",
  "Liliana",
  "Germán",
  "Yolanda",
  "Efraín",
  "Adriana",
];
const LAST = [
  "Pérez",
  "Gómez",
  "Rodríguez",
  "Martínez",
  "García",
  "López",
  "Hernández",
  "Díaz",
  "Muñoz",
  "Álvarez",
  "Ramírez",
  "Sánchez",
  "Torres",
  "Jiménez",
  "Núñez",
  "Castaño",
  "Peña",
  "Ríos",
  "Zúñiga",
  "Quiñones",
  "Ortiz",
  "Cárdenas",
  "Beltrán",
  "Rincón",
  "Ospina",
  "Londoño",
  "Restrepo",
  "Mejía",
  "Velásquez",
  "Guzmán",
  "Ibáñez",
  "Salazar",
  "Montoya",
  "Agudelo",
  "Villegas",
  "Arango",
  "Duque",
  "Echeverri",
  "Marín",
  "Toro",
];
const DOMAINS = ["gmail.com", "hotmail.com", "yahoo.es", "outlook.com", "une.net.co", "empresa.com.co", "correo.co"];
const COMPANIES = [
  "Acme Andina S.A.S.",
  "Logística del Caribe",
  "Alimentos La Sabana",
  "Textiles Medellín",
  "Construcciones Bolívar",
  "Servicios Integrales del Valle",
  "Agroindustrias del Huila",
  "Clínica San Rafael",
];
const POSITIONS = ["Gerente de gestión humana", "Jefe de planta", "Coordinadora administrativa", "Director de operaciones", "Analista de compras"];
const SENTENCES = [
  "Necesito un certificado laboral con salario para un trámite bancario.",
  "Quisiera saber si tienen vacantes de operario de bodega en Bogotá.",
  "No me ha llegado el pago de la última quincena y quisiera saber la fecha.",
  "Envío mi hoja de vida para el cargo de auxiliar contable publicado la semana pasada.",
  "¿Cómo descargo mi certificado de aportes a seguridad social?",
  "Trabajé en misión en la empresa usuaria y necesito la liquidación.",
  "Buenas tardes, solicito información sobre el proceso de selección.",
  "Mi contrato terminó y no he recibido la carta de retiro de cesantías.",
  "Queremos cotizar personal temporal para la temporada de cosecha.",
  "Necesitamos veinte operarios de empaque a partir del próximo mes.",
  "Por favor actualicen mi número de cuenta para el pago de nómina.",
  "La dotación entregada no corresponde a mi talla.",
  "Solicito una cita para la entrega de documentos de ingreso.",
  "¿Tienen convenio con alguna caja de compensación en Medellín?",
  "Gracias por la atención prestada, quedo atento a su respuesta.",
  "El examen médico de ingreso quedó programado pero no sé la dirección.",
  "Quisiera saber cuándo empieza la inducción del nuevo contrato.",
  "Somos una empresa de logística en Barranquilla y buscamos un proveedor de servicios temporales.",
  "Me descontaron un día de incapacidad que ya había enviado a la EPS.",
  "Les escribo para confirmar la recepción de la cuenta de cobro.",
];
const SEDES = ["Bogotá", "Medellín", "Cali", "Barranquilla", "Bucaramanga", "Pereira"];
const EVENTS_NOTES = [
  "Se llamó al trabajador.",
  "La empresa usuaria envió el informe.",
  "Pendiente la firma del jefe inmediato.",
  "Se programó la investigación con el COPASST.",
];

const ascii = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

export interface Person {
  nombre: string;
  correo: string;
  celular: string;
}

/** The person behind index j (stable: the benchmark asks for the same people afterwards). */
export function person(j: number): Person {
  const first = FIRST[j % FIRST.length];
  const last = LAST[Math.floor(j / FIRST.length) % LAST.length];
  const last2 = LAST[(j * 7 + 3) % LAST.length];
  const email = `${ascii(first).toLowerCase()}.${ascii(last).toLowerCase()}${j}@${DOMAINS[j % DOMAINS.length]}`;
  const digits = `3${String(10 + (j % 90)).padStart(2, "0")}${String((j * 7919) % 10_000_000).padStart(7, "0")}`;
  const spelled = [digits, `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, `+57 ${digits}`, `${digits.slice(0, 3)}-${digits.slice(3)}`][
    j % 4
  ];
  // One in ten typed their address with capitals (stored as typed).
  const [local, domain] = email.split("@");
  const typed = j % 10 === 3 ? `${local.replace(/(^|\.)([a-z])/g, (_m, dot: string, c: string) => dot + c.toUpperCase())}@${domain}` : email;
  return { nombre: `${first} ${last} ${last2}`, correo: typed, celular: spelled };
}

interface Sink {
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  close(): Promise<void>;
}

function sqliteSink(file: string): Sink {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const statements = new Map<string, SQLite.Statement>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = db.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
        statements.set(key, statement);
      }
      const s = statement;
      db.transaction(() => {
        for (const row of rows) s.run(row);
      })();
    },
    async close() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set synchronous_commit = off");
  return {
    async insert(table, columns, rows) {
      const per = Math.floor(60_000 / columns.length);
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const params: unknown[] = [];
        const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(", ")})`);
        await client.query(`insert into ${table} (${columns.join(", ")}) values ${values.join(", ")}`, params);
      }
    },
    async close() {
      for (const table of ["messages", "outbox", "cases", "case_events", "audit_log"]) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`);
      }
      await client.end();
    },
  };
}

/** Fills the batch with `make(i)` for i in [from, to), flushing every `size` rows. */
async function fill(sink: Sink, table: string, columns: string[], count: number, make: (i: number, push: (row: Row) => void) => void, size = 5000) {
  let batch: Row[] = [];
  const push = (row: Row) => batch.push(row);
  for (let i = 0; i < count; i++) {
    make(i, push);
    if (batch.length >= size) {
      await sink.insert(table, columns, batch);
      batch = [];
    }
  }
  if (batch.length) await sink.insert(table, columns, batch);
}

export interface Generated {
  messages: number;
  outbox: number;
  cases: number;
  events: number;
  ethics: number;
  audit: number;
  /** Seconds spent by the migrations after 010 on the filled database. */
  migrationSeconds: number;
  /** The site's own openDatabase ran them: every index and the text index exist. */
  generationSeconds: number;
}

export async function generate(url: string, engine: Engine, n: number, log: (line: string) => void = () => {}): Promise<Generated> {
  const started = Date.now();
  const schemaOnly = await openDatabase(url, { skipMigrations: true });
  const outcome = await new Migrator({ db: schemaOnly, provider: { getMigrations: async () => migrationsFor(engine) } }).migrateTo(LAST_BEFORE_DATA);
  await schemaOnly.destroy();
  if (outcome.error) throw outcome.error;

  const sink = engine === "postgres" ? await postgresSink(url) : sqliteSink(url.replace(/^file:/, ""));
  const rand = prng(24);
  const end = Date.now() - 60_000;
  const start = end - 3 * 365 * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  const people = Math.max(10, Math.round(n / 5));

  // Messages and their mails.
  const messageTime = (i: number) => start + Math.floor(((i + 0.5) * (end - start)) / n);
  await fill(
    sink,
    "messages",
    ["id", "form", "empresa", "cargo", "nombre", "celular", "correo", "mensaje", "consent_at", "policy_version", "received_at", "handled_at", "handled_by"],
    n,
    (i, push) => {
      // A few people write often, most once or twice.
      const who = person(rand() < 0.3 ? Math.floor(rand() * Math.min(people, 2000)) : Math.floor(rand() * people));
      const cliente = rand() < 0.3;
      const at = messageTime(i);
      const sentences = 1 + Math.floor(rand() * 3);
      let text = "";
      for (let s = 0; s < sentences; s++) text += `${s ? " " : ""}${SENTENCES[Math.floor(rand() * SENTENCES.length)]}`;
      const old = end - at > 7 * DAY;
      const handled = rand() < (old ? 0.95 : 0.3);
      push([
        i + 1,
        cliente ? "cliente" : "contacto",
        cliente ? COMPANIES[Math.floor(rand() * COMPANIES.length)] : null,
        cliente ? POSITIONS[Math.floor(rand() * POSITIONS.length)] : null,
        who.nombre,
        who.celular,
        who.correo,
        text,
        iso(at),
        "1.1",
        iso(at),
        handled ? iso(at + 3_600_000 + Math.floor(rand() * 3 * DAY)) : null,
        handled ? `personal${1 + Math.floor(rand() * 8)}@example.com` : null,
      ]);
    },
  );
  log(`mensajes: ${n}`);
  const outboxColumns = [
    "id",
    "message_id",
    "recipients",
    "status",
    "attempts",
    "next_attempt_at",
    "last_error",
    "sent_at",
    "created_at",
    "case_id",
    "subject",
    "body_text",
    "body_html",
  ];
  await fill(sink, "outbox", outboxColumns, n, (i, push) => {
    const at = iso(messageTime(i));
    const r = rand();
    const status = r < 0.98 ? "sent" : r < 0.99 ? "failed" : "pending";
    push([
      i + 1,
      i + 1,
      "contacto@example.com",
      status,
      status === "sent" ? 1 : 7,
      at,
      status === "failed" ? "Conexión rechazada" : null,
      status === "sent" ? at : null,
      at,
      null,
      null,
      null,
      null,
    ]);
  });

  // Incident and accident reports, their mails and events; then the ethics line.
  const cases = Math.max(5, Math.round(n / 10));
  const ethics = Math.max(2, Math.round(n / 200));
  const caseTime = (i: number, count: number) => start + Math.floor(((i + 0.5) * (end - start)) / count);
  const sequences = new Map<string, number>();
  const radicado = (prefix: string, ms: number) => {
    const year = new Date(ms - 5 * 3_600_000).getUTCFullYear();
    const key = `${prefix}-${year}`;
    const next = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, next);
    return `${key}-${String(next).padStart(6, "0")}`;
  };
  const caseColumns = [
    "id",
    "channel",
    "kind",
    "radicado",
    "code_salt",
    "code_hash",
    "status",
    "received_at",
    "learned_at",
    "consent_at",
    "policy_version",
    "sensitive_consent_at",
    "contact_email",
    "updated_at",
  ];
  const incidentKind: string[] = [];
  await fill(sink, "cases", caseColumns, cases, (i, push) => {
    const at = caseTime(i, cases);
    const kind = rand() < 0.4 ? "accidente" : "incidente";
    incidentKind.push(kind);
    const age = end - at;
    const status =
      age > 60 * DAY
        ? rand() < 0.8
          ? "cerrado"
          : "en_investigacion"
        : age > 5 * DAY
          ? ["reportado_arl", "en_investigacion", "en_revision"][Math.floor(rand() * 3)]
          : "recibido";
    const who = person(Math.floor(rand() * people));
    push([
      i + 1,
      "incidentes",
      kind,
      radicado(kind === "accidente" ? "AT" : "IN", at),
      "00".repeat(16),
      "00".repeat(32),
      status,
      iso(at),
      iso(at),
      iso(at),
      "1.1",
      rand() < 0.5 ? iso(at) : null,
      rand() < 0.6 ? who.correo : null,
      iso(at),
    ]);
  });
  await fill(
    sink,
    "accident_reports",
    [
      "case_id",
      "reporta_nombre",
      "reporta_relacion",
      "reporta_celular",
      "reporta_correo",
      "trabajador_nombre",
      "trabajador_tipo_documento",
      "trabajador_documento",
      "trabajador_celular",
      "trabajador_correo",
      "empresa_usuaria",
      "sede",
      "fecha",
      "hora",
      "lugar",
      "descripcion",
      "testigos",
      "lesion",
      "parte_cuerpo",
      "atencion_medica",
      "atencion_lugar",
      "furat_due_at",
      "investigation_due_at",
      "arl_filed_at",
      "arl_number",
    ],
    cases,
    (i, push) => {
      const at = caseTime(i, cases);
      const accident = incidentKind[i] === "accidente";
      const worker = person(Math.floor(rand() * people));
      const age = end - at;
      // Accidents are filed with the ARL within days; a few never were (overdue), the newest may not be yet.
      const filed = accident && (age > 5 * DAY ? rand() < 0.99 : rand() < 0.5);
      push([
        i + 1,
        rand() < 0.5 ? worker.nombre : null,
        ["trabajador", "companero", "empresa_usuaria"][Math.floor(rand() * 3)],
        rand() < 0.5 ? worker.celular : null,
        rand() < 0.4 ? worker.correo : null,
        worker.nombre,
        "CC",
        String(10_000_000 + ((i * 7919) % 89_999_999)),
        worker.celular,
        rand() < 0.5 ? worker.correo : null,
        COMPANIES[Math.floor(rand() * COMPANIES.length)],
        SEDES[Math.floor(rand() * SEDES.length)],
        iso(at).slice(0, 10),
        "10:30",
        "Bodega principal",
        "Se resbaló con una mancha de aceite en el pasillo de carga y se golpeó la muñeca.",
        null,
        rand() < 0.5 ? "Esguince" : null,
        null,
        null,
        null,
        accident ? iso(at + 2 * DAY) : null,
        iso(at + 15 * DAY),
        filed ? iso(at + DAY) : null,
        filed ? `ARL-${100000 + i}` : null,
      ]);
    },
  );
  await fill(sink, "cases", caseColumns, ethics, (i, push) => {
    const at = caseTime(i, ethics) + 1234;
    const kinds = ["soborno", "lavado", "acoso_laboral", "acoso_sexual", "discriminacion", "desconexion", "otro"];
    push([
      cases + i + 1,
      "etica",
      kinds[Math.floor(rand() * kinds.length)],
      radicado("LE", at),
      "00".repeat(16),
      "00".repeat(32),
      end - at > 60 * DAY ? "cerrado" : "en_revision",
      iso(at),
      iso(at),
      iso(at),
      "1.1",
      null,
      null,
      iso(at),
    ]);
  });
  await fill(sink, "ethics_reports", ["case_id", "identified", "consent_at", "payload"], ethics, (i, push) =>
    push([cases + i + 1, 0, null, "v1:sellado-de-prueba"]),
  );
  let outboxId = n;
  await fill(sink, "outbox", outboxColumns, cases + ethics, (i, push) => {
    const at = iso(i < cases ? caseTime(i, cases) : caseTime(i - cases, ethics) + 1234);
    const mails = rand() < 0.6 ? 2 : 1;
    for (let m = 0; m < mails; m++) {
      outboxId += 1;
      push([
        outboxId,
        null,
        m === 0 ? "sst@example.com" : "reporta@example.org",
        "sent",
        1,
        at,
        null,
        at,
        at,
        i + 1,
        "Nuevo reporte",
        "Se recibió un reporte.",
        "<p>Se recibió un reporte.</p>",
      ]);
    }
  });
  let eventId = 0;
  await fill(sink, "case_events", ["id", "case_id", "at", "type", "status", "note", "visible", "author"], cases + ethics, (i, push) => {
    const at = i < cases ? caseTime(i, cases) : caseTime(i - cases, ethics) + 1234;
    const count = 1 + Math.floor(rand() * 8.55);
    for (let e = 0; e < count; e++) {
      eventId += 1;
      const first = e === 0;
      push([
        eventId,
        i + 1,
        iso(at + e * 3_600_000),
        first || rand() < 0.4 ? "estado" : "nota",
        first ? "recibido" : rand() < 0.4 ? "en_revision" : null,
        first ? null : EVENTS_NOTES[Math.floor(rand() * EVENTS_NOTES.length)],
        rand() < 0.3 ? 1 : 0,
        first ? "sistema" : rand() < 0.1 ? "reportante" : "sst@example.com",
      ]);
    }
  });
  log(`casos: ${cases} + ${ethics} de la línea ética, eventos: ${eventId}`);

  // The audit log: mostly inbox work, then reports, sign-ins, a little of the ethics line, rare deletions.
  const audits = n;
  await fill(sink, "audit_log", ["id", "at", "user_id", "user_email", "action", "message_id", "case_id", "detail"], audits, (i, push) => {
    const at = iso(start + Math.floor(((i + 0.5) * (end - start)) / audits));
    const r = rand();
    const user = 1 + Math.floor(rand() * 20);
    const email = `personal${user}@example.com`;
    const message = 1 + Math.floor(rand() * n);
    const kase = 1 + Math.floor(rand() * cases);
    if (r < 0.5) push([i + 1, at, user, email, rand() < 0.9 ? "marcar_atendido" : "marcar_no_atendido", message, null, null]);
    else if (r < 0.62) push([i + 1, at, user, email, "ingreso", null, null, null]);
    else if (r < 0.9)
      push([i + 1, at, user, email, ["ver_reporte", "cambiar_estado_reporte", "nota_reporte", "registrar_furat"][Math.floor(rand() * 4)], null, kase, null]);
    else if (r < 0.96) push([i + 1, at, user, email, "salida", null, null, null]);
    else if (r < 0.99)
      push([
        i + 1,
        at,
        user,
        email,
        ["etica_ver_lista", "etica_ver_reporte", "etica_nota_reporte"][Math.floor(rand() * 3)],
        null,
        rand() < 0.3 ? null : cases + 1 + Math.floor(rand() * ethics),
        null,
      ]);
    else if (r < 0.9995) push([i + 1, at, user, email, "reintentar_correo", message, null, null]);
    else push([i + 1, at, user, email, "eliminar_datos_titular", null, null, "1 mensaje(s) eliminado(s)"]);
  });
  log(`auditoría: ${audits}`);
  await sink.close();

  // The site opens it as it would an existing database: the later migrations run over the rows. Before
  // the last one, the notices a well-run site records with each FURAT filed (migration 016 copies the
  // ARL filings; the EPS, the worker's copy and the Dirección Territorial the same day), so that only the
  // accidents never filed are overdue, as on a real site.
  const migrating = Date.now();
  const before = await openDatabase(url, { skipMigrations: true });
  const upTo = await new Migrator({ db: before, provider: { getMigrations: async () => migrationsFor(engine) } }).migrateTo(LAST_BEFORE_STAFF_AREA);
  if (upTo.error) throw upTo.error;
  await sql`
    insert into accident_notices (case_id, notice, filed_on, reference, recorded_by, recorded_at)
    select n.case_id, k.notice, n.filed_on, null, n.recorded_by, n.recorded_at
    from accident_notices n cross join (select 'eps' as notice union all select 'trabajador' union all select 'territorial') k
    where n.notice = 'arl'`.execute(before);
  await before.destroy();
  const db = await openDatabase(url);
  await db.destroy();
  const migrationSeconds = (Date.now() - migrating) / 1000;
  return { messages: n, outbox: outboxId, cases, events: eventId, ethics, audit: audits, migrationSeconds, generationSeconds: (Date.now() - started) / 1000 };
}
