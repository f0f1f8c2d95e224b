// The portal's create-alias form: the API's own address and destination rules,
// with the address typed as a local part (or the catch-all box) and a domain;
// its output is the API's request body.
import { describe, expect, it } from "vitest";
import { aliasFormSchema } from "@/features/mailboxes/alias-form-schema";
import { createAliasBody } from "@/shared/schemas/mailbox-aliases";

const base = { localPart: "Sales", catchAll: false, domain: "example.com", destinations: ["ada@example.com"] };
const issuesOf = (values: unknown) =>
  aliasFormSchema.safeParse(values).error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) ?? [];

describe("alias form schema", () => {
  it("gives the API's body: the address in lower case, the destinations as chosen", () => {
    const body = aliasFormSchema.parse(base);
    expect(body).toEqual({ address: "sales@example.com", destinations: ["ada@example.com"] });
    expect(createAliasBody.parse(body)).toEqual(body);
  });

  it("makes the catch-all box without a local part (a disabled field has none)", () => {
    expect(aliasFormSchema.parse({ ...base, catchAll: true, localPart: undefined }).address).toBe("*@example.com");
  });

  it("puts the API's address rule beside the local part", () => {
    expect(issuesOf({ ...base, localPart: "" })).toEqual([{ path: "localPart", message: "Enter the part before the @, like sales" }]);
    expect(issuesOf({ ...base, localPart: "sales+news" })).toEqual([
      { path: "localPart", message: expect.stringContaining("Enter an address like sales@example.com") },
    ]);
  });

  it("asks for at least one mailbox", () => {
    expect(issuesOf({ ...base, destinations: [] })).toEqual([{ path: "destinations", message: "Choose at least one mailbox" }]);
  });
});
