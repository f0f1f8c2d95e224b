// Roles and what each may do (shared/api/access.ts), and every endpoint's
// declared access read against its method and authentication.
import { describe, expect, it } from "vitest";
import { assertRoleGranted } from "@/server/http/assert-role";
import { AppError } from "@/server/errors";
import { grants, isGranted, isPermission, mayGrant, requiredRole, roles, type Permission } from "@/shared/api/access";
import { endpoints } from "@/shared/api/endpoints";

const every = grants.owner;

describe("roles", () => {
  it("the owner may do everything, an admin everything but deleting the account", () => {
    for (const permission of every) expect(isGranted("owner", permission), permission).toBe(true);
    expect(every.filter((permission) => !isGranted("admin", permission))).toEqual(["account:delete"]);
  });

  it("a developer sends and hosts, reads the settings, and has no billing nor members", () => {
    expect(grants.developer.toSorted()).toEqual(["hosting:read", "hosting:write", "sending:read", "sending:write", "settings:read"]);
  });

  it("billing changes billing only and reads the rest; a viewer only reads", () => {
    expect(grants.billing.filter((permission) => permission.endsWith(":write"))).toEqual(["billing:write"]);
    expect(every.filter((permission) => permission.endsWith(":read")).every((permission) => isGranted("billing", permission))).toBe(true);
    expect(grants.viewer.every((permission) => permission.endsWith(":read"))).toBe(true);
    expect(every.filter((permission) => permission.endsWith(":read") && !isGranted("viewer", permission))).toEqual([]);
  });

  it("names the least-privileged role a refusal needs", () => {
    const needed: Record<Permission, string> = {
      "sending:read": "viewer",
      "sending:write": "developer",
      "hosting:read": "viewer",
      "hosting:write": "developer",
      "billing:read": "viewer",
      "billing:write": "billing",
      "settings:read": "viewer",
      "settings:write": "admin",
      "members:read": "viewer",
      "members:write": "admin",
      "account:delete": "owner",
    };
    for (const permission of every) expect(requiredRole(permission), permission).toBe(needed[permission]);
  });

  it("refuses a role not granted the access with 403 forbidden and the role needed; lets public, personal and key calls through", () => {
    const refusal = (() => {
      try {
        assertRoleGranted("sending:write", "viewer");
      } catch (error) {
        return error;
      }
    })() as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe("forbidden");
    expect(refusal.details.data).toEqual({ requiredRole: "developer" });
    expect(refusal.message).toContain("Roles that may: owner, admin, developer.");
    expect(() => assertRoleGranted("billing:read", "developer")).toThrow(AppError);
    for (const role of roles) {
      expect(() => assertRoleGranted("public", role)).not.toThrow();
      expect(() => assertRoleGranted("personal", role)).not.toThrow();
    }
    expect(() => assertRoleGranted("account:delete", null)).not.toThrow();
    expect(() => assertRoleGranted("sending:write", "developer")).not.toThrow();
  });
});

describe("each endpoint's access", () => {
  it("is public exactly where no session is needed", () => {
    for (const endpoint of endpoints) {
      const needsNoSession = endpoint.auth === "none" || endpoint.auth === "optional-bearer";
      expect(endpoint.access === "public", endpoint.operationId).toBe(needsNoSession);
    }
  });

  it("reads with GET and changes with every other method, but for dry runs, which POST their input and change nothing", () => {
    const dryRuns = new Set(["renderTemplate", "previewTemplate"]);
    for (const endpoint of endpoints) {
      if (!isPermission(endpoint.access)) continue;
      const reads = endpoint.method === "GET" || dryRuns.has(endpoint.operationId);
      expect(endpoint.access.endsWith(":read"), endpoint.operationId).toBe(reads);
    }
  });

  it("is personal only for the signed-in person's own sign-in, which no API key reaches", () => {
    const personal = endpoints.filter((endpoint) => endpoint.access === "personal");
    for (const endpoint of personal) expect(endpoint.auth, endpoint.operationId).toBe("bearer");
    expect(personal.map((endpoint) => endpoint.tag).toSorted()).toEqual(expect.arrayContaining(["Sessions", "Two-factor"]));
  });
});

describe("giving roles", () => {
  it("never gives a role above one's own: an admin gives admin and below, never owner", () => {
    expect(mayGrant("admin", "admin")).toBe(true);
    expect(mayGrant("admin", "viewer")).toBe(true);
    expect(mayGrant("admin", "owner")).toBe(false);
    expect(mayGrant("owner", "admin")).toBe(true);
    expect(mayGrant("viewer", "developer")).toBe(false);
  });
});
