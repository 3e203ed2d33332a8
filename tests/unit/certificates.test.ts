/**
 * The certificates' formats (app/features/certificates/model.ts, ADR 027): verification codes (75 random
 * bits, read aloud in groups, typed back with the usual mistakes), the masks of the holder's name and
 * e-mail, and the document numbers accepted.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeFromBytes, documentProblem, groupCode, maskEmail, maskName, normalizeCode, normalizeDocument } from "~/features/certificates/model";

describe("verification codes", () => {
  it("are 15 characters of Crockford's base 32 from 75 bits, all of them used", () => {
    expect(codeFromBytes(new Uint8Array(10))).toBe("000000000000000");
    expect(codeFromBytes(new Uint8Array(10).fill(255))).toBe("ZZZZZZZZZZZZZZZ");
    const codes = new Set(Array.from({ length: 2000 }, () => codeFromBytes(randomBytes(10))));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{15}$/);
  });

  it("are read back from what people type: groups, spaces, lower case, O for 0, I and L for 1", () => {
    expect(groupCode("7K2QF9XHMA3TRCD")).toBe("7K2QF-9XHMA-3TRCD");
    expect(normalizeCode(" 7k2qf-9xhma-3trcd ")).toBe("7K2QF9XHMA3TRCD");
    expect(normalizeCode("O0ILl-00000-00000")).toBe("001110000000000");
    expect(normalizeCode("UUUUU-UUUUU-UUUUU")).toBeNull();
    expect(normalizeCode("7K2QF-9XHMA")).toBeNull();
  });
});

describe("what a stranger sees of the holder", () => {
  it("masks the e-mail and the surnames", () => {
    expect(maskEmail("fernanda.gomez@gmail.com")).toBe("f***@g***.com");
    expect(maskName("María Fernanda  Núñez Ruiz")).toBe("María F. N. R.");
  });
});

describe("document numbers", () => {
  it("accepts what the document allows, without dots or spaces", () => {
    expect(normalizeDocument("52.123 456")).toBe("52123456");
    expect(documentProblem("CC", "52123456")).toBeNull();
    expect(documentProblem("CC", "52A")).not.toBeNull();
    expect(documentProblem("PA", normalizeDocument("ab-123456"))).toBeNull();
  });
});
