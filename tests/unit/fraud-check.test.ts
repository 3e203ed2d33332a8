/** The job-offer fraud check (product rule 31): official numbers, e-mails and addresses, however typed; lookalikes are not. */
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/config/site";
import { checkChannel, officialChannels } from "~/features/fraud/official-channels";

const site = { ...defaultSiteConfig, official: { phones: ["+57 601 555 1234"], emailDomains: ["example.com"], domains: ["empresa-ejemplo.com.co"] } };
const channels = officialChannels(site);
const check = (value: string) => checkChannel(value, channels);

describe("phones", () => {
  it("match with or without +57, spaces, dashes or parentheses", () => {
    for (const typed of [
      "+57 300 000 0000",
      "3000000000",
      "300-000-0000",
      "(300) 000 0000",
      "0057 300 000 0000",
      "57 3000000000",
      "601 0000000",
      "+57 (601) 555-1234",
    ]) {
      expect(check(typed), typed).toMatchObject({ kind: "telefono", official: true });
    }
  });
  it("another number is not ours", () => {
    expect(check("+57 311 222 3344")).toMatchObject({ kind: "telefono", official: false, normalized: "3112223344" });
    expect(check("300 000 000")).toMatchObject({ official: false });
  });
});

describe("e-mails", () => {
  it("match in any case, and any address of an official e-mail domain", () => {
    expect(check(" Contacto@Example.COM ")).toMatchObject({ kind: "correo", official: true });
    expect(check("seleccion@example.com")).toMatchObject({ official: true });
  });
  it("a free mailbox or a lookalike domain is not ours", () => {
    expect(check("puentelaboral.seleccion@gmail.com")).toMatchObject({ kind: "correo", official: false });
    expect(check("contacto@example.com.co")).toMatchObject({ official: false });
    expect(check("contacto@examp1e.com")).toMatchObject({ official: false });
  });
});

describe("web addresses", () => {
  it("match with or without scheme, www, path, query or case, and on subdomains", () => {
    for (const typed of [
      "https://www.example.com/empleos?x=1",
      "WWW.EXAMPLE.COM",
      "example.com",
      "empleos.example.com/ofertas",
      "http://empresa-ejemplo.com.co/",
    ]) {
      expect(check(typed), typed).toMatchObject({ kind: "web", official: true });
    }
  });
  it("a domain that only contains ours is not ours", () => {
    for (const typed of ["example.com.ofertas-empleo.co", "https://example-com.trabajos.net", "notexample.com", "www.example.co"]) {
      expect(check(typed), typed).toMatchObject({ kind: "web", official: false });
    }
  });
});

it("an empty or meaningless value is not checked", () => {
  expect(check("")).toBeNull();
  expect(check("hola")).toBeNull();
});
