import { describe, expect, it } from "vitest";
import { hasRole, parseRoles } from "~/config/roles";

describe("roles", () => {
  it("parses a comma-separated list, once each, and names an unknown role", () => {
    expect(parseRoles("sst, admin,sst")).toEqual(["sst", "admin"]);
    expect(() => parseRoles("sst,jefe")).toThrow(/Rol desconocido: jefe/);
    expect(() => parseRoles(" , ")).toThrow(/al menos un rol/);
  });

  it("admits any one of the named roles", () => {
    expect(hasRole({ roles: ["staff", "convivencia"] }, "sst", "convivencia")).toBe(true);
    expect(hasRole({ roles: ["staff"] }, "sst", "admin")).toBe(false);
  });
});
