// A second person who joins the bench account as a viewer the way people do
// (confirming their address, an emailed invitation, accepting, switching), so
// reads can be measured acting in a team. Emails are read from the server's
// dev mailbox (DATA_DIR/mail).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type BenchAccount, registerBenchAccount } from "./bench-account";

type MailFile = { to: string; template: string; text: string };

async function latestEmail(dataDir: string, to: string, template: string): Promise<MailFile> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const directory = path.join(dataDir, "mail");
    const files = (() => {
      try {
        return readdirSync(directory).filter((file) => file.endsWith(".json"));
      } catch {
        return [];
      }
    })();
    const found = files
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")) as MailFile)
      .filter((email) => email.to === to && email.template === template)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${template} email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api<T>(baseUrl: string, apiPath: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${apiPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T };
  if (!envelope.success) throw new Error(`${apiPath} failed: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A viewer of `owner`'s account and an access token acting there. */
export async function joinBenchTeam(baseUrl: string, dataDir: string, owner: BenchAccount): Promise<string> {
  const member = await registerBenchAccount(baseUrl);
  await api(baseUrl, "/account/email/confirmation", member.accessToken, {});
  const code = /\b(\d{6})\b/.exec((await latestEmail(dataDir, member.email, "email-confirmation")).text)?.[1];
  await api(baseUrl, "/account/email/confirm", member.accessToken, { code });
  await api(baseUrl, "/account/members/invitations", owner.accessToken, { email: member.email, role: "viewer" });
  const link = /#token=([\w%-]+)/.exec((await latestEmail(dataDir, member.email, "team-invitation")).text)?.[1];
  const joined = await api<{ accountId: string }>(baseUrl, "/account/memberships/accept", member.accessToken, {
    token: decodeURIComponent(link ?? ""),
  });
  const switched = await api<{ accessToken: string }>(baseUrl, "/auth/switch", member.accessToken, { accountId: joined.accountId });
  return switched.accessToken;
}
