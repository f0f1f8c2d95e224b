import { describe, expect, it } from "vitest";
import { configurationRefusal, isLocalDatabase, markerRefusal } from "@/server/demo/production-guard";

describe("the demo seed's production guard", () => {
  it.each([
    ["postgres://postgres@127.0.0.1:5432/ces", true],
    ["postgres://postgres@127.8.0.1/ces", true],
    ["postgres://postgres@localhost/ces", true],
    ["postgres://postgres@[::1]:5432/ces", true],
    ["postgres:///ces", true],
    ["postgres://user@ignored/ces?host=/var/run/postgresql", true],
    ["postgres://user@db.internal.example.com/ces", false],
    ["postgres://user@10.0.0.5/ces", false],
    ["postgres://user@localhost.evil.example/ces", false],
    ["postgres://user@127.0.0.1/ces?host=db.example.com", false],
  ])("%s is on this machine: %s", (url, local) => {
    expect(isLocalDatabase(url)).toBe(local);
  });

  it("refuses APP_ENV=production even with --force", () => {
    expect(configurationRefusal({ appEnv: "production", databaseUrl: undefined, force: true })).toMatch(/APP_ENV is production/);
  });

  it("refuses a remote database unless forced", () => {
    const remote = "postgres://user@db.example.com/ces";
    expect(configurationRefusal({ appEnv: "development", databaseUrl: remote, force: false })).toMatch(/--force/);
    expect(configurationRefusal({ appEnv: "development", databaseUrl: remote, force: true })).toBeNull();
    expect(configurationRefusal({ appEnv: undefined, databaseUrl: undefined, force: false })).toBeNull();
  });

  it("refuses a database marked production, and only that", () => {
    expect(markerRefusal("production")).toMatch(/marked as production/);
    expect(markerRefusal(null)).toBeNull();
    expect(markerRefusal("staging")).toBeNull();
  });
});
