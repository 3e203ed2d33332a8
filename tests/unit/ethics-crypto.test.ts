/** The ethics line's sealing (ADR 013): keys, authenticated context, tampering, rotation ring, access proofs. */
import { describe, expect, it } from "vitest";
import { createSealer, newKey, parseKey, SealError } from "~/features/ethics/crypto.server";

const A = newKey();
const B = newKey();

describe("keys", () => {
  it("accepts 32 bytes in base64 or hex, and says how to make one otherwise", () => {
    expect(parseKey(A)).toHaveLength(32);
    expect(parseKey("ab".repeat(32))).toHaveLength(32);
    for (const bad of ["", "corta", Buffer.alloc(16).toString("base64"), `${A}x`, "zz".repeat(32)]) {
      expect(() => parseKey(bad), bad).toThrow(/ethics-key/);
    }
  });
});

describe("a sealed value", () => {
  const sealer = createSealer(A);

  it("opens only with its context, and differs each time", () => {
    const one = sealer.seal("Acoso en la bodega", "caso:1:reporte");
    const two = sealer.seal("Acoso en la bodega", "caso:1:reporte");
    expect(one).not.toBe(two);
    expect(one).not.toContain("Acoso");
    expect(one).toMatch(new RegExp(`^v1:${sealer.keyId}:`));
    expect(sealer.open(one, "caso:1:reporte")).toBe("Acoso en la bodega");
    // Moved onto another case or column, it does not open.
    expect(() => sealer.open(one, "caso:2:reporte")).toThrow(SealError);
    expect(() => sealer.open(one, "caso:1:nota")).toThrow(SealError);
  });

  it("refuses a tampered value or an unknown key, with a message that names the remedy", () => {
    const sealed = sealer.seal("texto", "c");
    const parts = sealed.split(":");
    const body = Buffer.from(parts[3], "base64url");
    body[0] ^= 1;
    expect(() => sealer.open([...parts.slice(0, 3), body.toString("base64url")].join(":"), "c")).toThrow(SealError);
    expect(() => createSealer(B).open(sealed, "c")).toThrow(/ETHICS_PREVIOUS_KEYS/);
  });

  it("a new key with the old one as previous opens both, and seals with the new", () => {
    const old = createSealer(A).seal("antes", "c");
    const rotated = createSealer(B, [A]);
    expect(rotated.open(old, "c")).toBe("antes");
    expect(rotated.keyOf(old)).not.toBe(rotated.keyId);
    expect(rotated.keyOf(rotated.seal("después", "c"))).toBe(rotated.keyId);
  });
});

describe("access proofs", () => {
  const sealer = createSealer(A);
  it("name their case until they expire, and cannot be altered or made with another key", () => {
    const now = Date.now();
    const token = sealer.mintAccess(42, 60_000, now);
    expect(sealer.readAccess(token, now + 59_000)).toBe(42);
    expect(sealer.readAccess(token, now + 61_000)).toBeNull();
    const [, expires, mac] = token.split(".");
    expect(sealer.readAccess(`43.${expires}.${mac}`, now)).toBeNull();
    expect(sealer.readAccess(`42.${Number(expires) + 1000}.${mac}`, now)).toBeNull();
    expect(createSealer(B).readAccess(token, now)).toBeNull();
    expect(sealer.readAccess("basura", now)).toBeNull();
  });
});
