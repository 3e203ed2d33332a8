/**
 * Searches served by each engine's own text index (ADR 018; migration 018 builds both): SQLite's
 * FTS5 table `messages_fts`, PostgreSQL's tsvectors in `messages_busqueda`. Both index words as letters
 * and digits, lower case, without accents, e-mails split at their punctuation, and a phone also as its
 * digits and its national number. A search finds the rows that have every word of it; the last word
 * may also be the beginning of a longer one, as one types ("ana gom" finds Ana Gómez, "3001234" a
 * phone), if it has at least 3 characters and the search is not a whole e-mail address ("ANA@Example.org"
 * is its words, exactly). Earlier words, and short last ones, match whole: the beginning of every word
 * would make the index read, for a short or common beginning, most of its entries (PostgreSQL's GIN
 * merges every matching word first), which no page of 25 rows is worth.
 */

const SPECIAL: Record<string, string> = { ø: "o", đ: "d", ł: "l", ß: "ss", æ: "ae", œ: "oe" };

export interface SearchTerms {
  /** Letters and digits, lower case, without accents (at most 8 words). */
  words: string[];
  /** The last word may begin a longer one. */
  prefix: boolean;
}

/** The words of a search as the index holds them. */
export function searchTerms(query: string): SearchTerms {
  const text = query.trim();
  // A phone number, however it is spelled: its national digits, as one word (+57 and 0057 dropped).
  if (/^[\d\s().+-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length >= 7) return { words: [digits.replace(/^(0057|57(?=\d{10}$))/, "")], prefix: true };
  }
  const words = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[øđłßæœ]/g, (c) => SPECIAL[c])
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return { words, prefix: words.length > 0 && words[words.length - 1].length >= 3 && !text.includes("@") };
}

const isPrefix = (terms: SearchTerms, i: number) => terms.prefix && i === terms.words.length - 1;

/** SQLite FTS5: `"ana" "gom"*` (quoted, so nothing typed is read as an operator). */
export const ftsMatch = (terms: SearchTerms) => terms.words.map((w, i) => `"${w}"${isPrefix(terms, i) ? "*" : ""}`).join(" ");

/** PostgreSQL: the text of `to_tsquery('simple', …)`, `ana & gom:*`. */
export const tsQuery = (terms: SearchTerms) => terms.words.map((w, i) => `${w}${isPrefix(terms, i) ? ":*" : ""}`).join(" & ");
