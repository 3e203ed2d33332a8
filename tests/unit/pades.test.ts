/** The company's PKCS#12 (ADR 027 addendum): a certificate that expires while the server runs stops signing. */
import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it, vi } from "vitest";
import { padesSigner } from "~/features/certificates/pades.server";

/** A self-signed PKCS#12 valid from a minute ago until `until`, in base64. */
function p12Until(until: Date, password: string): string {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = until;
  const name = [{ name: "commonName", value: "Puente Laboral S.A.S." }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary").toString("base64");
}

describe("the company's PDF signer", () => {
  it("signs while its certificate is valid, and stops (saying why) once it has expired, without a restart", async () => {
    // Valid for an hour, then the clock moved past it: making and opening the file takes seconds on a
    // loaded machine, so a certificate that expires in real time would expire before the first check.
    const until = new Date(Date.now() + 3_600_000);
    const env = { CERTIFICATE_P12: p12Until(until, "clave"), CERTIFICATE_P12_PASSWORD: "clave", CERTIFICATE_P12_FILE: undefined };
    const before = await padesSigner(env);
    expect(before.problem).toBeNull();
    expect(before.signer).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"], now: until.getTime() + 60_000 });
    try {
      const after = await padesSigner(env);
      expect(after.signer).toBeNull();
      expect(after.problem).toMatch(/el certificado venció el \d{4}-\d\d-\d\d/);
    } finally {
      vi.useRealTimers();
    }
  });
});
