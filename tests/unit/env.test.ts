/** The server's settings from the environment: a bad value stops the start with the variable's name. */
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";

describe("the environment's ports", () => {
  it("takes the site's port and, when given, the beacon receiver's", () => {
    expect(parseEnv({}).PORT).toBe(3000);
    expect(parseEnv({}).VITALS_PORT).toBeUndefined();
    expect(parseEnv({ PORT: "8080", VITALS_PORT: "8081" })).toMatchObject({ PORT: 8080, VITALS_PORT: 8081 });
  });

  it("refuses a receiver on the site's own port, or a port that is none, naming the variable", () => {
    expect(() => parseEnv({ VITALS_PORT: "3000" })).toThrow(/VITALS_PORT: debe ser un puerto distinto de PORT/);
    expect(() => parseEnv({ PORT: "8080", VITALS_PORT: "8080" })).toThrow(/VITALS_PORT/);
    expect(() => parseEnv({ VITALS_PORT: "70000" })).toThrow(/VITALS_PORT: debe ser un número de puerto entre 1 y 65535/);
    expect(() => parseEnv({ PORT: "0" })).toThrow(/PORT: debe ser un número de puerto/);
  });
});
