import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, MESSAGES, normalizePhone, validateForm } from "~/forms/schemas";

const contact = { nombre: "Ana Núñez", celular: "300 123 4567", correo: "ana@example.com", mensaje: "¿Pueden llamarme?", consentimiento: true };
const client = { empresa: "Acme S.A.S.", cargo: "Gerente", ...contact };

describe("e-mail pattern (SPEC §5: text@text.text, no spaces)", () => {
  it.each(["a@b.co", "ana.maria@empresa.com.co", "x+y@sub.dominio.org", "ñandú@correo.co"])("accepts %s", (v) => {
    expect(EMAIL_PATTERN.test(v)).toBe(true);
  });
  it.each(["", "ana", "ana@", "ana@empresa", "@empresa.com", "ana@.com", "ana@empresa.", "ana maria@empresa.com", "ana@empre sa.com", "ana@@empresa.com"])(
    "rejects %j",
    (v) => {
      expect(EMAIL_PATTERN.test(v)).toBe(false);
    },
  );
});

describe("Colombian phone numbers", () => {
  it.each([
    ["300 123 4567", "3001234567"],
    ["+57 300 123 4567", "3001234567"],
    ["+573001234567", "3001234567"],
    ["573001234567", "3001234567"],
    ["(601) 234-5678", "6012345678"],
    ["601 234 5678", "6012345678"],
    ["+57 604 444 5566", "6044445566"],
  ])("accepts %s", (input, normalized) => {
    expect(normalizePhone(input)).toBe(normalized);
  });
  it.each(["12345", "200 123 4567", "3001234", "609 123 4567", "teléfono", "300 123 45678"])("rejects %s", (v) => {
    expect(normalizePhone(v)).toBeNull();
  });
});

describe("contact schema", () => {
  it("accepts a valid message and trims it", () => {
    const result = validateForm("contacto", { ...contact, nombre: "  Ana Núñez  " });
    expect(result.ok).toBe(true);
    expect(result.data?.nombre).toBe("Ana Núñez");
  });
  it("reports empty fields first, with the spec's dialog text", () => {
    const result = validateForm("contacto", { ...contact, nombre: "   ", correo: "malo" });
    expect(result.ok).toBe(false);
    expect(result.summary).toBe(MESSAGES.required);
    expect(result.fieldErrors.nombre).toBe(MESSAGES.required);
    expect(result.fieldErrors.correo).toBe(MESSAGES.invalidEmail);
  });
  it("reports an invalid e-mail", () => {
    expect(validateForm("contacto", { ...contact, correo: "ana@empresa" }).summary).toBe("Correo electrónico no válido");
  });
  it("requires consent", () => {
    const result = validateForm("contacto", { ...contact, consentimiento: false });
    expect(result.fieldErrors.consentimiento).toBe(MESSAGES.consent);
    expect(validateForm("contacto", { ...contact, consentimiento: "on" }).ok).toBe(true);
    for (const yes of ["Sí", "si", "true", "1", 1]) expect(validateForm("contacto", { ...contact, consentimiento: yes }).ok, String(yes)).toBe(true);
    for (const no of ["no", "", "off", 0, null, "false"]) expect(validateForm("contacto", { ...contact, consentimiento: no }).ok, String(no)).toBe(false);
    const { consentimiento: _omitted, ...withoutConsent } = contact;
    expect(validateForm("contacto", withoutConsent).fieldErrors.consentimiento).toBe(MESSAGES.consent);
  });
  it("limits lengths with a clear message", () => {
    const result = validateForm("contacto", { ...contact, mensaje: "x".repeat(5001) });
    expect(result.fieldErrors.mensaje).toBe("Este campo admite como máximo 5000 caracteres.");
  });
  it("rejects missing, non-string and unknown shapes without throwing", () => {
    expect(validateForm("contacto", null).ok).toBe(false);
    expect(validateForm("contacto", { ...contact, nombre: 42 }).fieldErrors.nombre).toBe(MESSAGES.required);
    expect(validateForm("contacto", "texto").ok).toBe(false);
  });
});

describe("client schema", () => {
  it("accepts a valid request", () => {
    expect(validateForm("cliente", client).ok).toBe(true);
  });
  it("requires empresa and cargo", () => {
    const result = validateForm("cliente", { ...client, empresa: "", cargo: "" });
    expect(result.summary).toBe(MESSAGES.required);
    expect(Object.keys(result.fieldErrors)).toEqual(["empresa", "cargo"]);
  });
  it("rejects a bad phone", () => {
    expect(validateForm("cliente", { ...client, celular: "123" }).fieldErrors.celular).toBe(MESSAGES.invalidPhone);
  });
});
