import { describe, expect, it } from "vitest";
import { dovecotLogLevel } from "@/server/mail-store/dovecot/dovecot-log-level";

describe("Dovecot's log lines in our log", () => {
  it("keeps routine start and probe lines out of the default level", () => {
    expect(
      dovecotLogLevel("master: Info: Dovecot v2.3.19.1 (9b53102964) starting up for imap, lmtp, pop3 (core dumps disabled)", false),
    ).toBe("debug");
    expect(dovecotLogLevel("lmtp(22356): Info: Connect from 127.0.0.1", false)).toBe("debug");
    expect(dovecotLogLevel("lmtp(22356): Info: Disconnect from 127.0.0.1: Connection closed (state=GREETING)", false)).toBe("debug");
    expect(
      dovecotLogLevel(
        "lmtp(6289): Info: Disconnect from 127.0.0.1: Connection closed: read(size=8192) failed: Connection reset by peer (state=GREETING)",
        false,
      ),
    ).toBe("debug");
  });

  it("treats the SIGTERM we send when stopping as routine, and anyone else's as a warning", () => {
    const killed = "master: Warning: Killed with signal 15 (by pid=22029 uid=0 code=kill)";
    expect(dovecotLogLevel(killed, true)).toBe("debug");
    expect(dovecotLogLevel(killed, false)).toBe("warn");
    for (const line of [
      "stats: Warning: Killed with signal 15 (by pid=11253 uid=0 code=kill)",
      "log(11740): Warning: Killed with signal 15 (by pid=11253 uid=0 code=kill)",
      "log(11740): Warning: Shutting down logging for 'lmtp: ' with 1 clients",
    ]) {
      expect(dovecotLogLevel(line, true)).toBe("debug");
    }
  });

  it("keeps everything else at its level", () => {
    expect(dovecotLogLevel("imap-login: Info: Login: user=<a@example.test>, method=PLAIN, rip=192.0.2.1", false)).toBe("info");
    expect(dovecotLogLevel("lmtp(1): Info: Connect from 192.0.2.7", false)).toBe("info");
    expect(dovecotLogLevel("auth: Error: sql: query failed", true)).toBe("error");
    expect(dovecotLogLevel("master: Fatal: Dovecot is already running", false)).toBe("error");
  });
});
