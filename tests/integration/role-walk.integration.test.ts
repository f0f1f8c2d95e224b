// Every declared operation, called by each role acting in a team: what the
// role is not granted answers 403 `forbidden` naming the role it needs, before
// anything is read or changed; what it may read, it reads. One table
// (shared/api/access.ts) decides both the answers and this walk.
import { beforeAll, describe, expect, it } from "vitest";
import { isGranted, isPermission, type Role, requiredRole } from "@/shared/api/access";
import type { Endpoint } from "@/shared/api/endpoint";
import { endpoints } from "@/shared/api/endpoints";
import { listMembers } from "@/shared/api/endpoints/teams";
import { call, request } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { joinedMember } from "../support/teams";

const onTheAccount = (endpoints as readonly Endpoint[]).filter((endpoint) => isPermission(endpoint.access));
const pathOf = (endpoint: Endpoint) => endpoint.path.replaceAll(/\{[^}]+\}/g, "walk-unknown-id");
/** Reads the walk may call for real: not a stream that stays open, not a redirect. */
const isPlainRead = (endpoint: Endpoint) => endpoint.method === "GET" && !endpoint.eventStream && !endpoint.redirect;

const tokens = new Map<Role, string>();
let owner: TestAccount;

beforeAll(async () => {
  owner = await createAccount();
  tokens.set("owner", owner.accessToken);
  for (const role of ["admin", "developer", "billing", "viewer"] as const)
    tokens.set(role, (await joinedMember(owner, role)).inTeam.accessToken);
}, 60_000);

describe.each(["owner", "admin", "developer", "billing", "viewer"] as const)("acting as %s", (role) => {
  const refused = onTheAccount.filter((endpoint) => isPermission(endpoint.access) && !isGranted(role, endpoint.access));

  it(`is refused every operation its role is not granted (${refused.length})`, async () => {
    const answers: string[] = [];
    for (const endpoint of refused) {
      const response = await request(pathOf(endpoint), {
        method: endpoint.method,
        token: tokens.get(role),
        body: endpoint.method === "GET" ? undefined : {},
      });
      const requiredFor = isPermission(endpoint.access) ? requiredRole(endpoint.access) : null;
      if (response.status !== 403 || response.error?.code !== "forbidden" || response.error.requiredRole !== requiredFor) {
        answers.push(`${endpoint.method} ${endpoint.path}: ${response.status} ${JSON.stringify(response.error)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it("reads everything its role is granted", async () => {
    const answers: string[] = [];
    for (const endpoint of onTheAccount.filter(
      (entry) => isPlainRead(entry) && isPermission(entry.access) && isGranted(role, entry.access),
    )) {
      const response = await request(pathOf(endpoint), { token: tokens.get(role) });
      if (response.status === 401 || response.status === 403) answers.push(`${endpoint.path}: ${response.status} ${response.error?.code}`);
    }
    expect(answers).toEqual([]);
  });
});

it("leaves the account as it was: the walk's refusals changed nothing", async () => {
  const members = (await call(listMembers, { token: owner.accessToken })).body.data;
  expect(members.map((member) => member.role)).toEqual(["owner", "admin", "developer", "billing", "viewer"]);
});
