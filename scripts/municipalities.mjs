#!/usr/bin/env node
/**
 * Builds app/features/vacancies/municipalities.ts (and public/js/municipios.json, the labels the public
 * form's script loads), DANE's list of municipalities (DIVIPOLA), from two
 * public copies (no npm package carries it; ADR 028, addendum 2026-11-27):
 *
 *   node scripts/municipalities.mjs <municipios.sql> <municipiosData.js>
 *
 * - codes and the list: github.com/jufran87/municipios-departamentos `municipios.sql` (commit 6868705,
 *   2021-01-05; 1,121 entries, upper case without accents), which has Barrancominas (94343, a municipality
 *   since 2019, made of the former non-municipalised areas Barranco Minas and Mapiripana);
 * - names with accents, and Belén de Bajirá (27086, Chocó, in DIVIPOLA since 2022): github.com/fabianalmanza/
 *   precio-importaciones `src/data/municipiosData.js` (commit edb3804, 2025-03-16; 1,094 entries); its
 *   94663 Mapiripana is left out (part of Barrancominas since 2019).
 * Result: 1,122 entries (1,104 municipalities with Bogotá, D.C., and 18 non-municipalised areas of Amazonas,
 * Guainía and Vaupés, which DIVIPOLA lists beside them). Names in proper case with accents; the few the
 * sources spell without them are fixed in ACCENTS below.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import prettier from "prettier";

const [sqlFile, jsFile] = process.argv.slice(2);
if (!sqlFile || !jsFile) {
  console.error("Uso: node scripts/municipalities.mjs <municipios.sql> <municipiosData.js>");
  process.exit(2);
}

/** Department names as the site writes them, by DANE code. */
const DEPARTMENTS = {
  "05": "Antioquia",
  "08": "Atlántico",
  11: "Bogotá D. C.",
  13: "Bolívar",
  15: "Boyacá",
  17: "Caldas",
  18: "Caquetá",
  19: "Cauca",
  20: "Cesar",
  23: "Córdoba",
  25: "Cundinamarca",
  27: "Chocó",
  41: "Huila",
  44: "La Guajira",
  47: "Magdalena",
  50: "Meta",
  52: "Nariño",
  54: "Norte de Santander",
  63: "Quindío",
  66: "Risaralda",
  68: "Santander",
  70: "Sucre",
  73: "Tolima",
  76: "Valle del Cauca",
  81: "Arauca",
  85: "Casanare",
  86: "Putumayo",
  88: "San Andrés, Providencia y Santa Catalina",
  91: "Amazonas",
  94: "Guainía",
  95: "Guaviare",
  97: "Vaupés",
  99: "Vichada",
};

/** Names the sources spell without their accents (or garbled), as DANE writes them. */
const ACCENTS = {
  "05044": "Anzá",
  "05154": "Caucasia",
  "05209": "Concordia",
  "05264": "Entrerríos",
  "05321": "Guatapé",
  "05360": "Itagüí",
  "05665": "San Pedro de Urabá",
  "05756": "Sonsón",
  "05873": "Vigía del Fuerte",
  11001: "Bogotá, D.C.",
  13490: "Norosí",
  15001: "Tunja",
  15090: "Berbeo",
  15248: "El Espino",
  15332: "Güicán",
  15646: "Samacá",
  15676: "San Miguel de Sema",
  15816: "Togüí",
  18592: "Puerto Rico",
  18860: "Valparaíso",
  23189: "Ciénaga de Oro",
  23464: "Momil",
  23682: "San José de Uré",
  23815: "Tuchín",
  25486: "Nemocón",
  25513: "Pacho",
  27580: "Río Iró",
  27787: "Tadó",
  47660: "Sabanas de San Ángel",
  47720: "Santa Bárbara de Pinto",
  52240: "Chachagüí",
  52427: "Magüí",
  52506: "Ospina",
  52573: "Puerres",
  66318: "Guática",
  66572: "Pueblo Rico",
  68327: "Güepsa",
  68684: "San José de Miranda",
  68745: "Simacota",
  73671: "Saldaña",
  86568: "Puerto Asís",
  86755: "San Francisco",
  91460: "Mirití-Paraná",
  91530: "Puerto Alegría",
  91798: "Tarapacá",
  94001: "Inírida",
  94343: "Barrancominas",
  94887: "Pana Pana",
  97001: "Mitú",
  97161: "Carurú",
  97889: "Yavaraté",
  99624: "Santa Rosalía",
};

const SMALL = new Set(["de", "del", "la", "las", "los", "el", "y", "e"]);
/** "SAN JOSÉ DEL GUAVIARE" → "San José del Guaviare". */
function properCase(upper) {
  return upper
    .toLocaleLowerCase("es-CO")
    .split(/(\s+|-)/)
    .map((word, i) => (i > 0 && SMALL.has(word) ? word : word.charAt(0).toLocaleUpperCase("es-CO") + word.slice(1)))
    .join("");
}

const sqlText = readFileSync(sqlFile, "utf8");
const base = [...sqlText.matchAll(/VALUES \(\d+, '(\d{5})','([^']+)', \d+\);/g)].map((m) => ({ code: m[1], upper: m[2] }));
const jsText = readFileSync(jsFile, "utf8");
const accented = new Map(
  [...jsText.matchAll(/"codigo":\s*"(\d{5})",\s*"municipio":\s*"([^"]+)"/g)].map((m) => [m[1], m[2].replace(/\s+Municipios$/, "").trim()]),
);
if (base.length !== 1121 || !accented.has("27086")) throw new Error(`Fuentes inesperadas: ${base.length} municipios`);
base.push({ code: "27086", upper: accented.get("27086") });

const rows = base
  .map(({ code, upper }) => {
    const department = DEPARTMENTS[code.slice(0, 2)];
    if (!department) throw new Error(`Departamento desconocido: ${code}`);
    return [code, ACCENTS[code] ?? properCase(accented.get(code) ?? upper), department];
  })
  .sort((a, b) => a[0].localeCompare(b[0]));
if (new Set(rows.map((r) => r[0])).size !== 1122) throw new Error("Códigos repetidos");

const departments = Object.values(DEPARTMENTS).sort((a, b) => a.localeCompare(b, "es"));
const out = `/**
 * DANE's list of municipalities (DIVIPOLA): code, name, department. Generated by
 * scripts/municipalities.mjs from two public copies of the list (2021-01-05 and 2025-03-16; see the script
 * and ADR 028, addendum 2026-11-27): 1,122 entries, Bogotá, D.C. and the 18 non-municipalised areas
 * included, as DANE lists them. Do not edit by hand: fix the script and run it again.
 */
const D = ${JSON.stringify(departments)} as const;
/** [DANE code, name, index in D] */
const ROWS: readonly (readonly [string, string, number])[] = [
${rows.map(([code, name, dep]) => `  [${JSON.stringify(code)}, ${JSON.stringify(name)}, ${departments.indexOf(dep)}],`).join("\n")}
];

export type Municipality = { code: string; name: string; department: (typeof D)[number] };
export const MUNICIPALITIES: readonly Municipality[] = ROWS.map(([code, name, dep]) => ({ code, name, department: D[dep] }));
`;
/** Written as `npm run format` would leave it, so that running the script again changes nothing. */
async function write(relative, text) {
  const file = fileURLToPath(new URL(relative, import.meta.url));
  writeFileSync(file, await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file }));
}
await write("../app/features/vacancies/municipalities.ts", out);
// What the application form's script offers (municipality.ts municipalityLabel; a unit test keeps them equal).
const labels = rows.map(([code, name, dep]) => (code === "11001" ? name : `${name} (${dep})`));
await write("../public/js/municipios.json", JSON.stringify(labels));
console.log(`${rows.length} municipios escritos.`);
