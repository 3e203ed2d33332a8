/**
 * The payroll import (docs/product.md §38, ADR 027): a CSV with one line per contract, read as a stream
 * twice: first checked whole (every bad line reported with its number and reason, nothing written), then,
 * only when it is clean, applied in short batches. What a worker is looked up by is an HMAC
 * of document type and number (keys.server.ts); the number is not stored. An unchanged line changes
 * nothing, so the same file imported twice leaves the payroll as it was; each import is recorded with its
 * counts and audited.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { Kysely, Transaction } from "kysely";
import { isCalendarDay } from "~/forms/fields";
import { audit, type StaffUser } from "~/platform/audit.server";
import type { Database, PayrollContractsTable } from "~/platform/db/database.server";
import type { CertificateKeys } from "./keys.server";
import { type ContractKind, documentProblem, ERRORS_SHOWN, isContractKind, isDocumentType, normalizeDocument, PAYROLL_COLUMNS } from "./model";

const REQUIRED = ["tipo_documento", "numero_documento", "nombre_completo", "cargo", "tipo_contrato", "fecha_inicio", "salario"];

const BATCH = 1000;

export interface LineError {
  line: number;
  reason: string;
}

interface Row {
  line: number;
  personKey: string;
  documentType: string;
  name: string;
  email: string | null;
  mobile: string | null;
  contract: Omit<PayrollContractsTable, "person_key" | "import_id">;
}

const strip = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** aaaa-mm-dd or dd/mm/aaaa → aaaa-mm-dd, or null when the day does not exist. */
function dayOf(value: string): string | null {
  const slash = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const day = slash ? `${slash[3]}-${slash[2].padStart(2, "0")}-${slash[1].padStart(2, "0")}` : value;
  return isCalendarDay(day) ? day : null;
}

const EMAIL = /^[^\s@<>(),;:"]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** One CSV record → a row, or the reason it is wrong. */
function readRow(cells: Record<string, string>, line: number, keys: CertificateKeys): Row | string {
  const get = (name: string) => (cells[name] ?? "").trim();
  const type = get("tipo_documento").toUpperCase();
  if (!isDocumentType(type)) return `tipo de documento desconocido «${type.slice(0, 20)}» (use CC, CE, TI, PA, PPT o PEP)`;
  const number = normalizeDocument(get("numero_documento"));
  const bad = documentProblem(type, number);
  if (bad) return `documento inválido: ${bad}`;
  const name = get("nombre_completo").replace(/\s+/g, " ");
  if (name.length < 3 || name.length > 120) return "el nombre completo debe tener de 3 a 120 caracteres";
  const email = get("correo").toLowerCase();
  if (email && (email.length > 254 || !EMAIL.test(email))) return `correo inválido «${email.slice(0, 60)}»`;
  const mobile = get("celular").replace(/[\s()-]/g, "");
  if (mobile && !/^\+?[0-9]{7,15}$/.test(mobile)) return "celular inválido (de 7 a 15 dígitos)";
  const position = get("cargo").replace(/\s+/g, " ");
  if (position.length < 2 || position.length > 120) return "el cargo debe tener de 2 a 120 caracteres";
  const kindText = strip(get("tipo_contrato")).replace(/[\s-]+/g, "_");
  const kind = (kindText === "obra" || kindText === "obra_o_labor" ? "obra_labor" : kindText) as ContractKind;
  if (!isContractKind(kind))
    return `tipo de contrato desconocido «${get("tipo_contrato").slice(0, 30)}» (use fijo, indefinido, obra_labor, ocasional, reemplazo o aprendizaje)`;
  const start = dayOf(get("fecha_inicio"));
  if (!start) return `fecha de inicio imposible «${get("fecha_inicio").slice(0, 20)}» (use aaaa-mm-dd o dd/mm/aaaa)`;
  const endText = get("fecha_fin");
  const end = endText ? dayOf(endText) : null;
  if (endText && !end) return `fecha de fin imposible «${endText.slice(0, 20)}» (use aaaa-mm-dd o dd/mm/aaaa, o déjela vacía si el contrato sigue vigente)`;
  if (end && end < start) return "la fecha de fin es anterior a la de inicio";
  const salaryText = get("salario")
    .replace(/[$\s.]/g, "")
    .replace(/,00$/, "");
  if (!/^[0-9]{1,10}$/.test(salaryText) || Number(salaryText) <= 0) return `salario inválido «${get("salario").slice(0, 20)}» (pesos, sin decimales)`;
  const userCompany = get("empresa_usuaria").replace(/\s+/g, " ");
  if (userCompany.length > 160) return "la empresa usuaria admite como máximo 160 caracteres";
  const duties = get("funciones");
  if (duties.length > 2000) return "las funciones admiten como máximo 2.000 caracteres";
  return {
    line,
    personKey: keys.personKey(type, number),
    documentType: type,
    name,
    email: email || null,
    mobile: mobile || null,
    contract: {
      contract_key: `${start}|${kind}|${strip(position)}`,
      position,
      kind,
      start_day: start,
      end_day: end,
      user_company: userCompany || null,
      salary: Number(salaryText),
      duties: duties || null,
    },
  };
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

function* piecesOf(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The file's rows, streamed; a malformed CSV (quotes, column count) ends the stream with a LineError. */
async function* rowsOf(bytes: Buffer, keys: CertificateKeys): AsyncGenerator<Row | LineError> {
  const firstLine = bytes.subarray(0, Math.min(bytes.length, 4096)).toString("utf8").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const header = firstLine
    .replace(/^\uFEFF/, "")
    .split(delimiter)
    .map((h) => strip(h.replace(/"/g, "")).replace(/\s+/g, "_"));
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) {
    yield { line: 1, reason: `faltan columnas en el encabezado: ${missing.join(", ")}. Columnas: ${PAYROLL_COLUMNS.join(delimiter)}` };
    return;
  }
  // Fed in 64 KB pieces, so the parser keeps a few records at a time (back-pressure), not the whole file's.
  const parser = Readable.from(piecesOf(bytes), { objectMode: false }).pipe(
    parse({ bom: true, delimiter, columns: () => header, skip_empty_lines: true, info: true, max_record_size: 8192, relax_quotes: false }),
  );
  try {
    let read = 0;
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      // The file is in memory, so parsing never waits for input: let the server answer others now and then.
      if (++read % 1000 === 0) await yieldToOthers();
      const row = readRow(record, info.lines, keys);
      yield typeof row === "string" ? { line: info.lines, reason: row } : row;
    }
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    const reason =
      e.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH" || e.code === "CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH"
        ? `la línea no tiene ${header.length} columnas separadas por «${delimiter}»`
        : e.code?.includes("QUOTE")
          ? "comillas mal cerradas"
          : e.code === "CSV_MAX_RECORD_SIZE"
            ? "la línea es demasiado larga"
            : "la línea no se puede leer como CSV (¿está guardado como CSV en UTF-8?)";
    yield { line: e.lines ?? 0, reason: `${reason}; no se leyó el resto del archivo` };
  }
}

export interface CheckResult {
  errors: LineError[];
  errorCount: number;
  rows: number;
  people: number;
}

/** Reads the whole file and reports every bad line; writes nothing. */
export async function checkPayroll(bytes: Buffer, keys: CertificateKeys): Promise<CheckResult> {
  const errors: LineError[] = [];
  let errorCount = 0;
  let rows = 0;
  const people = new Map<string, { name: string; line: number }>();
  const contracts = new Map<string, number>();
  const fail = (line: number, reason: string) => {
    errorCount += 1;
    if (errors.length < ERRORS_SHOWN) errors.push({ line, reason });
  };
  for await (const row of rowsOf(bytes, keys)) {
    if ("reason" in row) {
      fail(row.line, row.reason);
      continue;
    }
    rows += 1;
    const person = people.get(row.personKey);
    if (person && person.name !== row.name) fail(row.line, `el nombre no coincide con el del mismo documento en la línea ${person.line}`);
    else if (!person) people.set(row.personKey, { name: row.name, line: row.line });
    const key = `${row.personKey}|${row.contract.contract_key}`;
    const earlier = contracts.get(key);
    if (earlier) fail(row.line, `contrato repetido: igual al de la línea ${earlier} (mismo documento, inicio, tipo y cargo)`);
    else contracts.set(key, row.line);
  }
  if (rows === 0 && errorCount === 0) fail(1, "el archivo no tiene ninguna línea de datos");
  return { errors, errorCount, rows, people: people.size };
}

export interface ImportCounts {
  rows: number;
  people: number;
  peopleNew: number;
  contractsNew: number;
  contractsChanged: number;
  contractsUnchanged: number;
}

const sameContract = (a: Omit<PayrollContractsTable, "import_id">, b: Omit<PayrollContractsTable, "import_id">) =>
  a.position === b.position && a.end_day === b.end_day && a.user_company === b.user_company && Number(a.salary) === Number(b.salary) && a.duties === b.duties;

async function applyBatch(trx: Transaction<Database>, batch: Row[], importId: number, cutoffDay: string, seen: Set<string>, counts: ImportCounts) {
  const keys = [...new Set(batch.map((r) => r.personKey))];
  const people = new Map((await trx.selectFrom("payroll_people").selectAll().where("person_key", "in", keys).execute()).map((p) => [p.person_key, p]));
  const contracts = new Map(
    (await trx.selectFrom("payroll_contracts").selectAll().where("person_key", "in", keys).execute()).map((c) => [`${c.person_key}|${c.contract_key}`, c]),
  );
  const personRows = new Map<string, Database["payroll_people"]>();
  for (const row of batch) {
    if (!seen.has(row.personKey)) {
      seen.add(row.personKey);
      counts.people += 1;
      if (!people.has(row.personKey)) counts.peopleNew += 1;
    }
    const before = people.get(row.personKey);
    const changed = !before || before.full_name !== row.name || before.email !== row.email || before.mobile !== row.mobile || before.cutoff_day !== cutoffDay;
    if (changed)
      personRows.set(row.personKey, {
        person_key: row.personKey,
        document_type: row.documentType,
        full_name: row.name,
        email: row.email,
        mobile: row.mobile,
        cutoff_day: cutoffDay,
        import_id: importId,
      });
  }
  if (personRows.size) {
    await trx
      .insertInto("payroll_people")
      .values([...personRows.values()])
      .onConflict((oc) =>
        oc.column("person_key").doUpdateSet((eb) => ({
          full_name: eb.ref("excluded.full_name"),
          email: eb.ref("excluded.email"),
          mobile: eb.ref("excluded.mobile"),
          cutoff_day: eb.ref("excluded.cutoff_day"),
          import_id: eb.ref("excluded.import_id"),
        })),
      )
      .execute();
  }
  const contractRows: PayrollContractsTable[] = [];
  for (const row of batch) {
    const next = { person_key: row.personKey, ...row.contract };
    const before = contracts.get(`${row.personKey}|${row.contract.contract_key}`);
    if (before && sameContract(before, next)) counts.contractsUnchanged += 1;
    else {
      if (before) counts.contractsChanged += 1;
      else counts.contractsNew += 1;
      contractRows.push({ ...next, import_id: importId });
    }
  }
  if (contractRows.length) {
    await trx
      .insertInto("payroll_contracts")
      .values(contractRows)
      .onConflict((oc) =>
        oc.columns(["person_key", "contract_key"]).doUpdateSet((eb) => ({
          position: eb.ref("excluded.position"),
          end_day: eb.ref("excluded.end_day"),
          user_company: eb.ref("excluded.user_company"),
          salary: eb.ref("excluded.salary"),
          duties: eb.ref("excluded.duties"),
          import_id: eb.ref("excluded.import_id"),
        })),
      )
      .execute();
  }
}

export type ImportOutcome = { outcome: "refused"; check: CheckResult } | { outcome: "imported"; importId: number; counts: ImportCounts };

/**
 * Checks the file whole; only a clean file is applied, batch by batch, each batch its own short
 * transaction (the site's other writes go on between them), then recorded and audited. Applying is
 * idempotent, so an import cut short (a restart) is completed by importing the same file again.
 */
export async function importPayroll(
  db: Kysely<Database>,
  input: { bytes: Buffer; fileName: string; cutoffDay: string; user: StaffUser; keys: CertificateKeys },
  now = new Date(),
): Promise<ImportOutcome> {
  const check = await checkPayroll(input.bytes, input.keys);
  if (check.errorCount > 0) return { outcome: "refused", check };
  const sha = createHash("sha256").update(input.bytes).digest("hex");
  const counts: ImportCounts = { rows: check.rows, people: 0, peopleNew: 0, contractsNew: 0, contractsChanged: 0, contractsUnchanged: 0 };
  // The rows written carry the import's id: reserved first, its counts filled in at the end.
  const inserted = await db
    .insertInto("payroll_imports")
    .values({
      imported_at: now.toISOString(),
      cutoff_day: input.cutoffDay,
      file_name: input.fileName.slice(0, 200),
      file_sha256: sha,
      user_email: input.user.email,
      rows_read: check.rows,
      people: 0,
      people_new: 0,
      contracts_new: 0,
      contracts_changed: 0,
      contracts_unchanged: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const importId = Number(inserted.id);
  const seen = new Set<string>();
  let batch: Row[] = [];
  const apply = async (rows: Row[]) => {
    await db.transaction().execute((trx) => applyBatch(trx, rows, importId, input.cutoffDay, seen, counts));
    await yieldToOthers();
  };
  for await (const row of rowsOf(input.bytes, input.keys)) {
    if ("reason" in row) throw new Error("el archivo cambió entre la revisión y la importación");
    batch.push(row);
    if (batch.length >= BATCH) {
      await apply(batch);
      batch = [];
    }
  }
  if (batch.length) await apply(batch);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payroll_imports")
      .set({
        people: counts.people,
        people_new: counts.peopleNew,
        contracts_new: counts.contractsNew,
        contracts_changed: counts.contractsChanged,
        contracts_unchanged: counts.contractsUnchanged,
      })
      .where("id", "=", importId)
      .execute();
    await audit(trx, input.user, "importar_nomina", {
      detail: `Nómina al ${input.cutoffDay}: ${counts.rows} línea(s), ${counts.people} persona(s) (${counts.peopleNew} nueva(s)), ${counts.contractsNew} contrato(s) nuevo(s), ${counts.contractsChanged} cambiado(s), ${counts.contractsUnchanged} sin cambios`,
    });
  });
  return { outcome: "imported", importId, counts };
}

/** The last imports, newest first. */
export const recentImports = (db: Kysely<Database>, limit = 20) => db.selectFrom("payroll_imports").selectAll().orderBy("id", "desc").limit(limit).execute();
