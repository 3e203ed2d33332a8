/**
 * The PDF signature (PAdES, adbe.pkcs7.detached) that a certificate carries when the company configures a
 * PKCS#12 from a certification authority (ADR 027, addendum): what a PDF reader shows as signed, and what
 * Ley 527 de 1999 art. 28 presumes authentic. Optional: without it, or with a file that does not open, the
 * certificates are issued with the Ed25519 signature alone and the start says why.
 *
 * A PKCS#7 signature carries its signing time, so the same snapshot signed twice gives different bytes.
 * The PKCS#7 made at issue is stored with the certificate; re-rendering the snapshot and placing that same
 * PKCS#7 in the same placeholder gives the very bytes issued, even after the company renews its PKCS#12.
 */
import { constants, createPrivateKey, type KeyObject, privateEncrypt } from "node:crypto";
import { readFileSync } from "node:fs";
import { SignPdf, Signer } from "@signpdf/signpdf";
import forge from "node-forge";
import type { ServerEnv } from "~/platform/env.server";

type PadesEnv = Pick<ServerEnv, "CERTIFICATE_P12_FILE" | "CERTIFICATE_P12" | "CERTIFICATE_P12_PASSWORD">;

/** Returns a PKCS#7 already made (a re-render of an issued certificate). */
class StoredSignature extends Signer {
  constructor(private readonly cms: Buffer) {
    super();
  }
  override async sign(): Promise<Buffer> {
    return this.cms;
  }
}

/** Places the signature in a PDF whose placeholder pdflibAddPlaceholder added; returns the signed PDF and its PKCS#7. */
export async function placeSignature(pdf: Uint8Array, signer: Signer, signingTime: Date): Promise<{ pdf: Uint8Array; cms: Buffer }> {
  let made: Buffer | undefined;
  const capturing = new (class extends Signer {
    override async sign(bytes: Buffer, time?: Date): Promise<Buffer> {
      made = await signer.sign(bytes, time);
      return made;
    }
  })();
  const signed = await new SignPdf().sign(Buffer.from(pdf), capturing, signingTime);
  return { pdf: new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength), cms: made! };
}

export const storedSignature = (cmsBase64: string): Signer => new StoredSignature(Buffer.from(cmsBase64, "base64"));

function p12Bytes(env: PadesEnv): Buffer | null {
  if (env.CERTIFICATE_P12_FILE) return readFileSync(env.CERTIFICATE_P12_FILE);
  if (env.CERTIFICATE_P12) return Buffer.from(env.CERTIFICATE_P12, "base64");
  return null;
}

// DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2): what RSASSA-PKCS1-v1_5 signs.
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");

/**
 * The company's signer: the PKCS#12 opened once (@signpdf/signer-p12's P12Signer opens it on every
 * signature, about 100–250 ms each here, and reads its buffer only once), the PKCS#7 assembled as P12Signer
 * does (content type, signing time, message digest; SHA-256, detached), and the RSA operation made by Node's
 * crypto instead of JavaScript arithmetic.
 */
class CompanySigner extends Signer {
  constructor(
    private readonly key: KeyObject,
    private readonly certificate: forge.pki.Certificate,
    private readonly chain: forge.pki.Certificate[],
  ) {
    super();
  }
  /** The company's certificate stops being valid then: a server running past it opens the file again. */
  get validUntil(): Date {
    return this.certificate.validity.notAfter;
  }
  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString("binary"));
    for (const cert of this.chain) p7.addCertificate(cert);
    const key = this.key;
    const rsa = {
      sign: (md: forge.md.MessageDigest) =>
        privateEncrypt(
          { key, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), "binary")]),
        ).toString("binary"),
    };
    p7.addSigner({
      key: rsa as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary");
  }
}

/** Opens a PKCS#12: its RSA key, the certificate that matches it, and the chain; throws in Spanish. */
export function openP12(bytes: Buffer, password: string, now = new Date()): CompanySigner {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(bytes.toString("binary"))), false, password);
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(
      /mac|password|invalid/i.test(message)
        ? "la contraseña no abre el archivo (o el archivo no es un PKCS#12)"
        : `el archivo no es un PKCS#12 que podamos leer (${message}; si lo exportó con OpenSSL 3, expórtelo de nuevo con -legacy)`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)].find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error("el archivo no trae la clave privada (o no es RSA)");
  const chain = bags(forge.pki.oids.certBag).flatMap((b) => (b.cert ? [b.cert] : []));
  const certificate = chain.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!certificate) throw new Error("ningún certificado del archivo corresponde a su clave privada");
  if (certificate.validity.notAfter < now) throw new Error(`el certificado venció el ${certificate.validity.notAfter.toISOString().slice(0, 10)}`);
  if (certificate.validity.notBefore > now) throw new Error(`el certificado rige desde el ${certificate.validity.notBefore.toISOString().slice(0, 10)}`);
  return new CompanySigner(createPrivateKey(forge.pki.privateKeyToPem(key)), certificate, chain);
}

let cached: { key: string; signer: Signer | null; problem: string | null } | undefined;

/**
 * The company's signer, or null when none is configured or it does not open (then `problem` says why).
 * Opened once per configuration.
 */
export async function padesSigner(env: PadesEnv): Promise<{ signer: Signer | null; problem: string | null }> {
  const key = `${env.CERTIFICATE_P12_FILE ?? ""}|${env.CERTIFICATE_P12?.length ?? 0}:${env.CERTIFICATE_P12?.slice(-32) ?? ""}|${env.CERTIFICATE_P12_PASSWORD}`;
  // Opened again once the certificate has expired, so the start's reasons apply to a long-running server too.
  const expired = cached?.signer instanceof CompanySigner && cached.signer.validUntil < new Date();
  if (cached?.key === key && !expired) return cached;
  let signer: Signer | null = null;
  let problem: string | null = null;
  try {
    const bytes = p12Bytes(env);
    if (bytes) signer = openP12(bytes, env.CERTIFICATE_P12_PASSWORD);
  } catch (error) {
    problem = `No se pudo usar el certificado digital de la empresa (${env.CERTIFICATE_P12_FILE ? `CERTIFICATE_P12_FILE=${env.CERTIFICATE_P12_FILE}` : "CERTIFICATE_P12"}): ${(error as Error).message}. Revise el archivo .p12 y CERTIFICATE_P12_PASSWORD. Mientras tanto los certificados laborales se expiden solo con la firma Ed25519, sin la firma PDF.`;
  }
  cached = { key, signer, problem };
  return cached;
}

/** At start: says whether the PDF signature is in force, or why not. */
export async function padesNotices(env: PadesEnv): Promise<string[]> {
  if (!env.CERTIFICATE_P12_FILE && !env.CERTIFICATE_P12) return [];
  const { problem } = await padesSigner(env);
  return problem ? [problem] : [];
}
