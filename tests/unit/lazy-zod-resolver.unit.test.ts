// lazyZodResolver: the same answers as zodResolver, the schema fetched once,
// and a failed fetch tried again on the next validation.
import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { loginBody } from "@/shared/schemas/auth";

type Login = { email: string; password: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Login>;

describe("lazyZodResolver", () => {
  it("answers as zodResolver does, loading the schema once", async () => {
    let loads = 0;
    const resolver = lazyZodResolver<Login, Login>(async () => {
      loads += 1;
      return loginBody;
    });
    for (const values of [
      { email: "not an email", password: "" },
      { email: "Someone@Example.com", password: "correct horse battery" },
    ]) {
      expect(await resolver(values, undefined, options)).toEqual(await zodResolver(loginBody)(values, undefined, options));
    }
    expect(loads).toBe(1);
  });

  it("tries a failed load again", async () => {
    let attempt = 0;
    const resolver = lazyZodResolver<Login, Login>(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("offline");
      return loginBody;
    });
    await expect(resolver({ email: "a@example.com", password: "x" }, undefined, options)).rejects.toThrow("offline");
    const result = await resolver({ email: "a@example.com", password: "correct horse battery" }, undefined, options);
    expect(result.errors).toEqual({});
  });
});
