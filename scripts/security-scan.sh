#!/usr/bin/env bash
# Security scan of the production server with Debian's wapiti (3.0.4) and sqlmap (1.7.2).
#
#   scripts/security-scan.sh            # SQLite (a throwaway file under a temp dir)
#   scripts/security-scan.sh postgres   # a throwaway PostgreSQL cluster (tests/support/postgres.ts)
#
# LOOPBACK ONLY: it starts its own server on 127.0.0.1 and scans nothing else. It is not run by the tests.
# It builds if needed, starts `node scripts/start.js` with high form/lookup limits, creates a staff account
# (admin role) as tests/support/accounts.ts does, signs in for a session cookie, then runs wapiti (sql, xss,
# exec, file, crlf, redirect, xxe; ssrf off; scope folder; bounded) without and with the staff cookie, and
# sqlmap (--batch --level 3 --risk 2, bounded) on the form endpoints and the staff list filters.
# Reports go to /tmp/security-scan/<engine>/; the summary lists findings per module and every HTTP 5xx
# in the server's log (the site promises never a 5xx on bad input, so each one is a finding).
#
# Bounds (environment): WAPITI_SECONDS (default 480 per wapiti run: a fifth crawling, the rest split over the modules), SQLMAP_SECONDS (default 240 per
# sqlmap target), SCAN_OUT (default /tmp/security-scan).
set -uo pipefail

ENGINE="${1:-sqlite}"
case "$ENGINE" in sqlite | postgres) ;; *) echo "uso: $0 [sqlite|postgres]" >&2; exit 2 ;; esac
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/node/bin:$PATH"
WAPITI_SECONDS="${WAPITI_SECONDS:-480}"
SQLMAP_SECONDS="${SQLMAP_SECONDS:-240}"
OUT="${SCAN_OUT:-/tmp/security-scan}/$ENGINE"
for tool in wapiti sqlmap node; do
  command -v "$tool" >/dev/null || { echo "falta $tool (sudo apt-get install -y wapiti sqlmap)" >&2; exit 1; }
done
rm -rf "$OUT" && mkdir -p "$OUT"
TMP="$(mktemp -d /tmp/sitio-scan-XXXXXX)"
SERVER_PID="" PG_PID=""

cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -n "$PG_PID" ] && kill "$PG_PID" 2>/dev/null && wait "$PG_PID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# --- build -------------------------------------------------------------------------------------------
# As scripts/start.js decides: a build whose stamp matches the sources (else start.js would rebuild).
if ! node --input-type=module -e 'import { existsSync, readFileSync } from "node:fs"; import { sourcesStamp } from "./scripts/sources-stamp.js";
  const ok = existsSync("build/server/index.js") && JSON.parse(readFileSync("build/build-info.json", "utf8")).stamp === sourcesStamp();
  process.exit(ok ? 0 : 1);' 2>/dev/null; then
  npm run build --silent >"$OUT/build.log" 2>&1 || { echo "la construcción falló: $OUT/build.log" >&2; exit 1; }
fi

# --- database ----------------------------------------------------------------------------------------
if [ "$ENGINE" = postgres ]; then
  cat >"$TMP/pg.mjs" <<EOF
import { writeFileSync } from "node:fs";
import { startPostgres } from "$ROOT/tests/support/postgres.ts";
const server = await startPostgres({ fast: true });
const url = await server.createDatabase("scan");
writeFileSync("$TMP/pg-url", url);
const stop = async () => { await server.destroy(); process.exit(0); };
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => {}, 1 << 30);
EOF
  node "$TMP/pg.mjs" >"$OUT/postgres.log" 2>&1 &
  PG_PID=$!
  for _ in $(seq 1 300); do [ -s "$TMP/pg-url" ] && break; kill -0 "$PG_PID" 2>/dev/null || break; sleep 0.2; done
  [ -s "$TMP/pg-url" ] || { echo "PostgreSQL no arrancó: $OUT/postgres.log" >&2; cat "$OUT/postgres.log" >&2; exit 1; }
  DATABASE_URL="$(cat "$TMP/pg-url")"
else
  DATABASE_URL="file:$TMP/data/sitio.db"
  mkdir -p "$TMP/data"
fi
export DATABASE_URL

# --- staff account (as tests/support/accounts.ts: the real admin tool, password on stdin) ------------
STAFF_EMAIL="scan-admin@example.com"
STAFF_PASSWORD="clave-del-escaneo-$(node -e 'console.log(require("crypto").randomBytes(6).toString("hex"))')"
cat >"$TMP/account.mjs" <<EOF
import { createAccount } from "$ROOT/tests/support/accounts.ts";
createAccount(process.env.DATABASE_URL, process.argv[2], "admin", process.argv[3]);
EOF
node "$TMP/account.mjs" "$STAFF_EMAIL" "$STAFF_PASSWORD" >"$OUT/account.log" 2>&1 || { echo "no se pudo crear la cuenta: $OUT/account.log" >&2; cat "$OUT/account.log" >&2; exit 1; }

# --- server ------------------------------------------------------------------------------------------
PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT"
ETHICS_KEY="$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')"
SERVER_LOG="$OUT/server.log"
PORT="$PORT" ETHICS_KEY="$ETHICS_KEY" FORM_RATE_LIMIT=100000 LOOKUP_RATE_LIMIT=100000 NODE_ENV=production \
  node scripts/start.js >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
  curl -fsS -o /dev/null "$BASE/healthz" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "el servidor terminó: $SERVER_LOG" >&2; tail -20 "$SERVER_LOG" >&2; exit 1; }
  sleep 0.2
done
curl -fsS -o /dev/null "$BASE/healthz" || { echo "el servidor no respondió" >&2; exit 1; }
echo "[$ENGINE] servidor en $BASE (pid $SERVER_PID), informes en $OUT"

sign_in() {
  curl -sS -o /dev/null -D - -X POST "$BASE/admin/ingresar" -H "Origin: $BASE" \
    --data-urlencode "correo=$STAFF_EMAIL" --data-urlencode "clave=$STAFF_PASSWORD" |
    tr -d '\r' | awk 'tolower($1)=="set-cookie:"{split($2,a,";");print a[1];exit}'
}
COOKIE="$(sign_in)"
[ -n "$COOKIE" ] || { echo "no se pudo iniciar sesión" >&2; exit 1; }
echo "[$ENGINE] sesión del personal: ${COOKIE%%=*}=…"
COOKIE_NAME="${COOKIE%%=*}"

# --- wapiti ------------------------------------------------------------------------------------------
# ssrf is off (it needs wapiti's public endpoint). No -x: Debian's wapiti 3.0.4 crashes on any exclude under
# Python 3.11 (re.error in wildcard_translate); whether the staff session survived is checked after the run.
# Accept-Encoding without br: wapiti 3.0.4 asks for br but cannot decode it without python3-brotli, so
# with its default it reads every page as binary, finds no link or form, and tests only the home page.
WAPITI_MODULES="sql,blindsql,xss,permanentxss,exec,file,crlf,redirect,xxe"  # xxe: its XML posts once found a 5xx
run_wapiti() { # name [extra args]
  local name="$1"; shift
  echo "[$ENGINE] wapiti $name (≤ ${WAPITI_SECONDS} s)…"
  # wapiti 3.0.4: --max-scan-time bounds only the crawl, --max-attack-time each module; the outer timeout
  # is a safety net only (a killed wapiti writes no report).
  local modules; modules=$(echo "$WAPITI_MODULES" | tr ',' '\n' | wc -l)
  local crawl=$((WAPITI_SECONDS / 5)) attack=$((WAPITI_SECONDS * 4 / 5 / modules))
  timeout -k 30 $((WAPITI_SECONDS * 2 + 180)) wapiti -u "$BASE/" --scope folder -m "$WAPITI_MODULES" \
    --flush-session --store-session "$OUT/wapiti-session-$name" --max-scan-time "$crawl" \
    --max-attack-time "$attack" -t 10 \
    -H "Accept-Encoding: gzip, deflate" --no-bugreport -v 1 -f json -o "$OUT/wapiti-$name.json" "$@" >"$OUT/wapiti-$name.log" 2>&1
  echo "  salida $? — $OUT/wapiti-$name.json"
}
run_wapiti anon
run_wapiti staff -H "Cookie: $COOKIE" -s "$BASE/admin/mensajes?q=x&desde=2026-01-01" -s "$BASE/admin/" \
  -s "$BASE/admin/reportes?q=x" -s "$BASE/admin/pqrs?q=x" -s "$BASE/admin/titulares?correo=a%40b.co" -s "$BASE/admin/auditoria"
STAFF_SESSION_AFTER="$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$BASE/admin/mensajes")"
echo "[$ENGINE] sesión del personal tras wapiti staff: HTTP $STAFF_SESSION_AFTER en /admin/mensajes (200 = seguía abierta)"
# The staff run may have signed out; take a fresh cookie for sqlmap.
NEW_COOKIE="$(sign_in)"; [ -n "$NEW_COOKIE" ] && COOKIE="$NEW_COOKIE"

# --- sqlmap ------------------------------------------------------------------------------------------
run_sqlmap() { # name url [extra args]
  local name="$1" url="$2"; shift 2
  echo "[$ENGINE] sqlmap $name (≤ ${SQLMAP_SECONDS} s)…"
  timeout -k 15 "$SQLMAP_SECONDS" sqlmap -u "$url" --batch --level 3 --risk 2 --time-sec 2 --timeout 15 --retries 1 \
    --threads 1 --output-dir "$OUT/sqlmap" -t "$OUT/sqlmap-$name-traffic.txt" --headers "Origin: $BASE" \
    --ignore-code "401,404,429" --disable-coloring "$@" >"$OUT/sqlmap-$name.log" 2>&1
  local rc=$?
  [ $rc -eq 124 ] && echo "  tiempo agotado (informe parcial)" || echo "  salida $rc"
}
run_sqlmap php-contacto "$BASE/php/contacto" -H "Content-Type: application/json" \
  --data '{"nombre":"Ana Prueba","celular":"3001234567","correo":"ana@example.com","mensaje":"Hola, una consulta","consentimiento":true}'
run_sqlmap contacto "$BASE/contacto" --data "nombre=Ana+Prueba&celular=3001234567&correo=ana%40example.com&mensaje=Hola&consentimiento=on"
run_sqlmap pqrs-consulta "$BASE/pqrs/consulta" --data "radicado=PQ-2026-000123&codigo=ABCD1234"
run_sqlmap incidente-consulta "$BASE/incidente/consulta" --data "radicado=IN-2026-000123&codigo=ABCD1234"
run_sqlmap etica-consulta "$BASE/linea-etica/consulta" --data "radicado=LE-2026-000123&codigo=ABCD1234"
run_sqlmap admin-mensajes "$BASE/admin/mensajes?q=x&desde=2026-01-01&hasta=2026-12-31&estado=nuevo&formulario=contacto" \
  --cookie "$COOKIE" --skip "$COOKIE_NAME"
run_sqlmap admin-reportes "$BASE/admin/reportes?q=x" --cookie "$COOKIE" --skip "$COOKIE_NAME"
run_sqlmap admin-titulares "$BASE/admin/titulares?correo=ana%40example.com" --cookie "$COOKIE" --skip "$COOKIE_NAME"
# Last: failed sign-ins lock the address out (expected 429s).
run_sqlmap admin-ingresar "$BASE/admin/ingresar" --data "correo=ana%40example.com&clave=x"

# --- summary -----------------------------------------------------------------------------------------
SUMMARY="$OUT/summary.txt"
{
  echo "== Escaneo de seguridad ($ENGINE) — $(date -u +%FT%TZ) — $BASE"
  echo "   sesión del personal tras wapiti staff: HTTP $STAFF_SESSION_AFTER (200 = abierta)"
  for name in anon staff; do
    echo "-- wapiti $name"
    node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      for (const kind of ["vulnerabilities", "anomalies", "additionals"]) {
        for (const [mod, list] of Object.entries(r[kind] ?? {})) {
          if (!list.length) continue;
          console.log(`  ${kind} / ${mod}: ${list.length}`);
          for (const f of list) console.log(`    ${f.method} ${f.path} ${f.parameter ? "[" + f.parameter + "]" : ""} ${f.info}`.slice(0, 400));
        }
      }
    ' "$OUT/wapiti-$name.json" 2>/dev/null || echo "  sin informe JSON (ver $OUT/wapiti-$name.log)"
    echo "  $(grep -o 'Wapiti found [0-9]* URLs and forms' "$OUT/wapiti-$name.log"); $(grep -c 'Launching module' "$OUT/wapiti-$name.log") modules run"
  done
  echo "-- sqlmap (inyectable / no)"
  for log in "$OUT"/sqlmap-*.log; do
    name="$(basename "$log" .log)"
    if grep -q "sqlmap identified the following injection point" "$log"; then verdict="INYECTABLE"
    elif grep -q "all tested parameters do not appear to be injectable" "$log"; then verdict="no inyectable"
    else verdict="incompleto: $(grep -E '\[(CRITICAL|ERROR)\]' "$log" | tail -1 | cut -c1-160)"; fi
    codes="$(grep -oE '^HTTP response \[#[0-9]+\] \([0-9]{3}' "$OUT/$name-traffic.txt" 2>/dev/null | grep -oE '[0-9]{3}$' | sort | uniq -c | tr -s ' ' | tr '\n' ',')"
    tested="$(grep -oE "parameter '[^']+' does not seem to be injectable" "$log" | sed -E "s/parameter '([^']+)'.*/\\1/" | tr '\n' ',')"
    echo "  $name: $verdict  (respuestas: ${codes:-?}; parámetros terminados sin inyección: ${tested:-ninguno})"
  done
  echo "-- HTTP 5xx en el registro del servidor"
  node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n");
    const byRoute = new Map(); const errors = new Map(); let total = 0;
    for (const line of lines) {
      let e; try { e = JSON.parse(line); } catch { continue; }
      const status = e.response?.status;
      if (status >= 500) { total++; const k = `${status} ${e.request?.method} ${e.request?.path}`; byRoute.set(k, (byRoute.get(k) ?? 0) + 1); }
      if (e.level === "error" || e.level >= 50 || e.err) {
        const msg = (e.err?.type ? e.err.type + ": " : "") + (e.err?.message ?? e.msg ?? e.message ?? "");
        if (e.event !== "request") { const k = `${e.event ?? ""} ${msg}`.slice(0, 200); errors.set(k, (errors.get(k) ?? 0) + 1); }
      }
    }
    console.log(`  total: ${total}`);
    for (const [k, n] of [...byRoute].sort((a, b) => b[1] - a[1])) console.log(`    ${n} × ${k}`);
    if (errors.size) console.log("  errores registrados:");
    for (const [k, n] of [...errors].sort((a, b) => b[1] - a[1])) console.log(`    ${n} × ${k}`);
  ' "$SERVER_LOG"
  echo "  excepciones en la salida de error del servidor (primera línea de cada traza):"
  grep -E '^(TypeError|RangeError|Error|SyntaxError|ReferenceError)[:]' "$SERVER_LOG" | cut -c1-160 | sort | uniq -c | sort -rn | sed 's/^/   /'
  echo "  (relacione cada 5xx con la petición: reqId en $SERVER_LOG; las herramientas: wapiti-*.json, sqlmap-*-traffic.txt)"
} | tee "$SUMMARY"
