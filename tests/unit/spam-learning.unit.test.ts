// What teaches rspamd (docs/spam-and-rules.md, "Teaching the filter"): which
// moves are lessons, where the child keeps its statistics (REDIS_URL, one set
// per account), that the scan and the learner name the same account, and
// that without a learning backend there is no controller to teach; and the
// verdict the reader shows, read back from the fields the MX wrote.
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spamHeaders } from "@/server/services/mailbox-delivery/spam-headers";
import { spamVerdictOf } from "@/server/services/webmail/spam-verdict";
import { checkMessage, type SpamVerdict } from "@/server/spam-filter/check-message";
import { learnMessage } from "@/server/spam-filter/learn-message";
import { lessonOfMove } from "@/server/services/webmail/teach-spam-filter";
import { renderRspamdFiles } from "@/server/spam-filter/rspamd-config";
import { learningController, writeChildController } from "@/server/spam-filter/rspamd-controller";
import { rspamdEnvProblems, rspamdSettings } from "@/server/spam-filter/rspamd-env";

const raw = { RSPAMD: "auto" as const, RSPAMD_UNAVAILABLE: "accept" as const, RSPAMD_TIMEOUT_MS: 5000 };
const folder = (specialUse: "inbox" | "junk" | "trash" | "archive" | null) => ({ specialUse });

describe("moves that teach", () => {
  it("into Junk is spam; out of Junk is ham, except into Trash; the rest teach nothing", () => {
    expect(lessonOfMove(folder("inbox"), folder("junk"))).toBe("spam");
    expect(lessonOfMove(folder(null), folder("junk"))).toBe("spam");
    expect(lessonOfMove(folder("junk"), folder("inbox"))).toBe("ham");
    expect(lessonOfMove(folder("junk"), folder(null))).toBe("ham");
    expect(lessonOfMove(folder("junk"), folder("trash"))).toBeNull();
    expect(lessonOfMove(folder("inbox"), folder("archive"))).toBeNull();
  });
});

describe("REDIS_URL", () => {
  it("gives the child a Bayes classifier in Redis, per user, without autolearning, and its controller a password", () => {
    const redis = rspamdSettings({ ...raw, REDIS_URL: "redis://:s%3Acret@10.0.0.7:6380/4" }).redis;
    expect(redis).toEqual({ server: "10.0.0.7:6380", db: 4, password: "s:cret" });
    const files = renderRspamdFiles({ normalPort: 1, controllerPort: 2, dnsServers: [], controllerPassword: "pw", redis });
    expect(files["local.d/classifier-bayes.conf"]).toBe(
      'backend = "redis";\nservers = "10.0.0.7:6380";\ndb = "4";\npassword = "s:cret";\nautolearn = false;\nper_user = true;\n',
    );
    expect(files["override.d/worker-controller.inc"]).toContain('enable_password = "pw";\nsecure_ip = [];');
    expect(rspamdSettings({ ...raw, REDIS_URL: "redis://127.0.0.1" }).redis).toEqual({ server: "127.0.0.1:6379", db: 0, password: null });
    expect(rspamdEnvProblems({ ...raw, REDIS_URL: "redis://127.0.0.1/cache" })).toEqual([
      "REDIS_URL: the path is a database number (redis://host:port/1) or nothing",
    ]);
  });

  it("without it the child has no statistics and nothing is taught", () => {
    const files = renderRspamdFiles({ normalPort: 1, controllerPort: 2, dnsServers: [], controllerPassword: "pw", redis: null });
    expect(files["local.d/classifier-bayes.conf"]).toBeUndefined();
    const dataDir = mkdtempSync(path.join(tmpdir(), "ces-learning-"));
    writeChildController(dataDir, { url: "http://127.0.0.1:2", password: "pw" });
    expect(learningController({ dataDir, rspamd: rspamdSettings(raw) })).toBeNull();
    expect(learningController({ dataDir, rspamd: rspamdSettings({ ...raw, REDIS_URL: "redis://127.0.0.1" }) })).toEqual({
      url: "http://127.0.0.1:2",
      password: "pw",
    });
    expect(learningController({ dataDir, rspamd: rspamdSettings({ ...raw, RSPAMD: "off", REDIS_URL: "redis://127.0.0.1" }) })).toBeNull();
  });

  it("an operator's rspamd is taught through RSPAMD_CONTROLLER_URL only", () => {
    const external = { ...raw, RSPAMD: "external" as const, RSPAMD_URL: "http://10.0.0.5:11333" };
    const dataDir = mkdtempSync(path.join(tmpdir(), "ces-learning-"));
    expect(learningController({ dataDir, rspamd: rspamdSettings(external) })).toBeNull();
    expect(
      learningController({
        dataDir,
        rspamd: rspamdSettings({ ...external, RSPAMD_CONTROLLER_URL: "http://10.0.0.5:11334", RSPAMD_CONTROLLER_PASSWORD: "q" }),
      }),
    ).toEqual({ url: "http://10.0.0.5:11334", password: "q" });
  });
});

describe("whose statistics", () => {
  /** A stand-in for rspamd's workers: answers like the real one and keeps each request's headers. */
  async function recordingRspamd(): Promise<{ url: string; requests: Headers[]; close: () => void }> {
    const requests: Headers[] = [];
    const server = http.createServer((request, response) => {
      requests.push(new Headers(request.headers as Record<string, string>));
      request.resume().on("end", () => {
        response.setHeader("content-type", "application/json");
        response.end(request.url === "/checkv2" ? '{"action":"no action","score":0}' : '{"success":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => server.close() };
  }

  it("the MX's scan and the learner name the same account in Deliver-To, which per_user reads", async () => {
    const rspamd = await recordingRspamd();
    try {
      const raw = Buffer.from("Subject: hi\r\n\r\nHello\r\n");
      const authentication = { spf: "none", dkim: [], dmarc: "none", dmarcPolicy: null };
      const scan = { raw, mailFrom: "a@example.org", recipients: ["b@example.net"], remoteAddress: "192.0.2.1", helo: "x", queueId: "q" };
      expect(await checkMessage(rspamd.url, { ...scan, authentication, accountId: "acc_0a1b" }, 2_000)).toMatchObject({
        action: "no action",
      });
      expect(await learnMessage({ url: rspamd.url, password: "pw" }, "spam", raw, "acc_0a1b", 2_000)).toEqual({ taught: true });
      await checkMessage(rspamd.url, { ...scan, authentication, accountId: null }, 2_000);
      expect(rspamd.requests.map((headers) => headers.get("deliver-to"))).toEqual(["acc_0a1b", "acc_0a1b", null]);
    } finally {
      rspamd.close();
    }
  });
});

describe("the verdict read back from a stored message", () => {
  const lines = (fields: string[]) => fields.map((line) => ({ key: line.slice(0, line.indexOf(":")).toLowerCase(), line }));

  it("reads what the MX wrote: spam or not, the score and threshold, the rules", () => {
    const verdict: SpamVerdict = {
      action: "add header",
      score: 6.3,
      requiredScore: 15,
      symbols: [
        { name: "GTUBE_LIKE", score: 5.5 },
        { name: "R_SPF_ALLOW", score: -0.2 },
      ],
      message: null,
    };
    expect(spamVerdictOf(lines(spamHeaders({ kind: "scored", verdict, isSpam: true, junk: true })))).toEqual({
      verdict: "spam",
      score: 6.3,
      requiredScore: 15,
      note: null,
      symbols: [
        { name: "GTUBE_LIKE", score: 5.5 },
        { name: "R_SPF_ALLOW", score: -0.2 },
      ],
    });
    expect(spamVerdictOf(lines(spamHeaders({ kind: "skipped", reason: "allow-listed" })))).toMatchObject({
      verdict: "not_spam",
      score: null,
      note: "allow-listed",
    });
    expect(spamVerdictOf(lines(spamHeaders({ kind: "unchecked" })))).toMatchObject({ verdict: "unchecked", symbols: [] });
    expect(spamVerdictOf(lines(["Subject: hello"]))).toBeNull();
  });
});
