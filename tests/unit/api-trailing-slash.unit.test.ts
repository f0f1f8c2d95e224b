import { describe, expect, it } from "vitest";
import { withoutApiTrailingSlash } from "@/server/runtime/api-trailing-slash";

describe("withoutApiTrailingSlash", () => {
  it("drops the trailing slashes of API paths, keeping the query", () => {
    expect(withoutApiTrailingSlash("/api/v1/sending/topics/")).toBe("/api/v1/sending/topics");
    expect(withoutApiTrailingSlash("/api/v1/sending/topics//?email=a%40b")).toBe("/api/v1/sending/topics?email=a%40b");
  });

  it("leaves other paths alone: pages keep Next.js's redirect, and a slash inside a query is data", () => {
    expect(withoutApiTrailingSlash("/topics/")).toBe("/topics/");
    expect(withoutApiTrailingSlash("/api/v1/events?after=a/")).toBe("/api/v1/events?after=a/");
    expect(withoutApiTrailingSlash("/api/v1/health")).toBe("/api/v1/health");
  });
});
