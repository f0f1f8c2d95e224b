// The child Postfix's configuration as rendered from the service's settings
// (server/outbound/postfix/postfix-config.ts). That Postfix really runs with it
// is tests/integration/outbound-postfix.integration.test.ts.
import { describe, expect, it } from "vitest";
import {
  type PostfixConfigInput,
  postfixLayout,
  renderMainCf,
  renderMasterCf,
  renderResolvConf,
  renderTransportTable,
} from "@/server/outbound/postfix/postfix-config";
import { postfixLogLevel } from "@/server/outbound/postfix/postfix-process";
import { PROVIDER_PRESETS, renderPresetTable } from "@/server/outbound/postfix/provider-presets";

const input = (overrides: Partial<PostfixConfigInput> = {}): PostfixConfigInput => ({
  layout: postfixLayout("/srv/ces"),
  hostname: "mail.example.com",
  outboundPort: 25,
  reportsTo: { host: "127.0.0.1", port: 2525, connections: 10 },
  returnPath: { domain: "bounces.example.com", label: "ces-bounces" },
  dnsServers: [],
  times: { delayWarning: "4h", queueLifetime: "5d", minimalBackoff: "300s", maximalBackoff: "4000s" },
  presets: true,
  tls: { caFile: "/etc/ssl/certs/ca-certificates.crt", dane: false, mtaStsPort: null },
  ...overrides,
});

/** main.cf as name → value. */
const settings = (text: string) =>
  new Map(
    text
      .split("\n")
      .filter((line) => line.includes(" = ") || line.endsWith(" ="))
      .map((line) => [line.split(" =")[0]!, line.slice(line.indexOf("=") + 1).trim()]),
  );

describe("main.cf", () => {
  it("keeps the queue and data in our directories, greets as MAIL_HOSTNAME, logs to a file of ours and never delivers locally", () => {
    const main = settings(renderMainCf(input()));
    expect(main.get("queue_directory")).toBe("/srv/ces/postfix/queue");
    expect(main.get("data_directory")).toBe("/srv/ces/postfix/data");
    expect(main.get("myhostname")).toBe("mail.example.com");
    expect(main.get("smtp_helo_name")).toBe("$myhostname");
    expect(main.get("maillog_file")).toBe("/srv/ces/postfix/log/maillog");
    expect(main.get("maillog_file_prefixes")).toBe("/srv/ces/postfix/log");
    expect(main.get("inet_interfaces")).toBe("127.0.0.1");
    expect(main.get("mydestination")).toBe("");
    expect(main.get("local_transport")).toMatch(/^error:/);
  });

  it("trusts no client for its address: every smtpd refuses to relay but the hand-off socket's (master.cf)", () => {
    const main = settings(renderMainCf(input()));
    expect(main.get("mynetworks")).toBe("");
    expect(main.get("smtpd_relay_restrictions")).toBe("reject");
    expect(main.get("smtpd_recipient_restrictions")).toBe("reject");
  });

  it("delivers with opportunistic TLS to OUTBOUND_SMTP_PORT, warns of delays, retries on its schedule and gives up after the queue lifetime", () => {
    const times = { delayWarning: "10m", queueLifetime: "1h", minimalBackoff: "2s", maximalBackoff: "8s" };
    const main = settings(renderMainCf(input({ outboundPort: 2526, times })));
    expect(main.get("smtp_tls_security_level")).toBe("may");
    expect(main.get("smtp_tcp_port")).toBe("2526");
    expect(main.get("delay_warning_time")).toBe("10m");
    expect(main.get("maximal_queue_lifetime")).toBe("1h");
    expect(main.get("bounce_queue_lifetime")).toBe("1h");
    expect(main.get("minimal_backoff_time")).toBe("2s");
    expect(main.get("queue_run_delay")).toBe("2s");
    expect(main.get("maximal_backoff_time")).toBe("8s");
  });

  it("routes our return-path names through the transport table", () => {
    expect(settings(renderMainCf(input())).get("transport_maps")).toBe("regexp:/srv/ces/postfix/config/transport");
  });
});

describe("TLS policies in main.cf", () => {
  it("opportunistic TLS by default, trusting the CA bundle, with no policy table while the MTA-STS resolver does not run", () => {
    const main = settings(renderMainCf(input()));
    expect(main.get("smtp_tls_security_level")).toBe("may");
    expect(main.get("smtp_dns_support_level")).toBe("");
    expect(main.get("smtp_tls_CAfile")).toBe("/etc/ssl/certs/ca-certificates.crt");
    expect(main.get("smtp_tls_policy_maps")).toBe("");
  });

  it("asks the MTA-STS resolver's socketmap for every destination's policy", () => {
    const main = settings(renderMainCf(input({ tls: { caFile: "/etc/ces/ca.pem", dane: false, mtaStsPort: 18461 } })));
    expect(main.get("smtp_tls_policy_maps")).toBe("socketmap:inet:127.0.0.1:18461:postfix");
    expect(main.get("smtp_tls_CAfile")).toBe("/etc/ces/ca.pem");
  });

  it("POSTFIX_DANE=on: DNSSEC-validated lookups and the dane level (opportunistic where no TLSA records exist)", () => {
    const main = settings(renderMainCf(input({ tls: { caFile: null, dane: true, mtaStsPort: null } })));
    expect(main.get("smtp_dns_support_level")).toBe("dnssec");
    expect(main.get("smtp_tls_security_level")).toBe("dane");
    expect(main.get("smtp_tls_CAfile")).toBe("");
  });
});

describe("provider presets", () => {
  const rules = () =>
    renderPresetTable()
      .trim()
      .split("\n")
      .map((line) => {
        const [pattern, action, transport] = line.split(" ");
        return { regexp: new RegExp(pattern!.slice(1, -1)), action: `${action} ${transport}` };
      });
  const presetOf = (mxHost: string) => rules().find((rule) => rule.regexp.test(mxHost))?.action ?? null;

  it("picks the provider's transport by the recipient domain's MX host (FILTER with no next hop: the domain's MX still decides)", () => {
    expect(presetOf("aspmx.l.google.com")).toBe("FILTER google:");
    expect(presetOf("gmail-smtp-in.l.google.com")).toBe("FILTER google:");
    expect(presetOf("smtp.google.com")).toBe("FILTER google:");
    expect(presetOf("aspmx2.googlemail.com")).toBe("FILTER google:");
    expect(presetOf("hotmail-com.olc.protection.outlook.com")).toBe("FILTER microsoft:");
    expect(presetOf("contoso-com.mail.protection.outlook.com")).toBe("FILTER microsoft:");
    expect(presetOf("mx1.hotmail.com")).toBe("FILTER microsoft:");
    expect(presetOf("mta5.am0.yahoodns.net")).toBe("FILTER yahoo:");
    expect(presetOf("mx-aol.mail.gm0.yahoodns.net")).toBe("FILTER yahoo:");
    expect(presetOf("mx01.mail.icloud.com")).toBe("FILTER icloud:");
  });

  it("leaves other hosts alone, also ones that only look like a provider's", () => {
    expect(presetOf("mx.example.com")).toBeNull();
    expect(presetOf("notgoogle.com")).toBeNull();
    expect(presetOf("aspmx.l.google.com.evil.test")).toBeNull();
    expect(presetOf("icloud.com")).toBeNull();
    expect(presetOf("127.0.0.1")).toBeNull();
  });

  it("checks the MX at hand-off and sets each provider's per-destination limits; POSTFIX_PRESETS=off leaves both out", () => {
    const main = settings(renderMainCf(input()));
    expect(renderMasterCf(input())).toMatch(
      / -o smtpd_recipient_restrictions=check_recipient_mx_access,regexp:\/srv\/ces\/postfix\/config\/provider-presets$/m,
    );
    for (const preset of PROVIDER_PRESETS) {
      expect(main.get(`${preset.name}_destination_concurrency_limit`)).toBe(String(preset.destinationConcurrency));
      expect(main.get(`${preset.name}_destination_rate_delay`)).toBe(preset.rateDelay);
    }
    const off = settings(renderMainCf(input({ presets: false })));
    expect(renderMasterCf(input({ presets: false }))).toMatch(/ -o smtpd_recipient_restrictions=$/m);
    expect([...off.keys()].some((name) => name.startsWith("google_"))).toBe(false);
    expect(renderMasterCf(input({ presets: false }))).not.toMatch(/^google /m);
  });

  it("runs an smtp client per provider, capped at its connections, logging as postfix/<name>", () => {
    const master = renderMasterCf(input());
    expect(master).toMatch(/^google unix - - n - 20 smtp -o syslog_name=postfix\/google$/m);
    expect(master).toMatch(/^microsoft unix - - n - 20 smtp -o syslog_name=postfix\/microsoft$/m);
    expect(master).toMatch(/^yahoo unix - - n - 10 smtp -o syslog_name=postfix\/yahoo -o smtp_connection_reuse_count_limit=20$/m);
    expect(master).toMatch(/^icloud unix - - n - 10 smtp -o syslog_name=postfix\/icloud$/m);
  });
});

describe("transport table", () => {
  it("sends reports for the service's return-path domain and customers' <label>.<domain> straight to our reports listener", () => {
    const table = renderTransportTable(input());
    const rules = table
      .trim()
      .split("\n")
      .map((line) => {
        const [pattern, nexthop] = line.split(" ");
        return { regexp: new RegExp(pattern!.slice(1, -1)), nexthop };
      });
    const route = (address: string) => rules.find((rule) => rule.regexp.test(address))?.nexthop ?? null;
    expect(route("x1@bounces.example.com")).toBe("reports:[127.0.0.1]:2525");
    expect(route("x1@ces-bounces.customer.org")).toBe("reports:[127.0.0.1]:2525");
    expect(route("someone@customer.org")).toBeNull();
    expect(route("x1@bouncesXexample.com")).toBeNull();
    expect(route("x1@sub.bounces.example.com.evil.test")).toBeNull();
  });
});

describe("master.cf", () => {
  it("sends reports to our listener through a transport of their own: plain text on loopback, connections reused and capped", () => {
    const master = renderMasterCf(input({ reportsTo: { host: "127.0.0.1", port: 2525, connections: 7 } }));
    expect(master).toMatch(
      /^reports unix - - n - 7 smtp -o syslog_name=postfix\/reports -o smtp_tls_security_level=none -o smtp_tls_policy_maps= -o smtp_dns_support_level=$/m,
    );
  });

  it("takes hand-offs on a private unix socket only (no TCP listener), relaying for it alone, unchrooted, with the postlog service", () => {
    const master = renderMasterCf(input());
    expect(master.split("\n").filter((line) => / inet /.test(line))).toEqual([]);
    expect(master).toMatch(
      /^handoff unix - - n - - smtpd -o smtpd_relay_restrictions=check_client_access,static:OK,reject -o smtpd_recipient_restrictions=check_recipient_mx_access,\S+$/m,
    );
    // A private unix service's socket is $queue_directory/private/<name>, a directory only root and postfix may enter.
    expect(postfixLayout("/srv/ces").handOffSocket).toBe("/srv/ces/postfix/queue/private/handoff");
    expect(master).toMatch(/^postlog unix-dgram n - n - 1 postlogd$/m);
    expect(master).toMatch(/^smtp unix - - n - - smtp$/m);
  });

  it("chroots the outbound clients and the hand-off listener (its MX lookups) in the queue directory when DNS_SERVERS is set, with our resolv.conf", () => {
    const master = renderMasterCf(input({ dnsServers: ["192.0.2.53"] }));
    expect(master).toMatch(/^smtp unix - - y - - smtp$/m);
    expect(master).toMatch(/^relay unix - - y - - smtp$/m);
    expect(master).toMatch(/^google unix - - y - 20 smtp /m);
    expect(master).toMatch(/^handoff unix - - y - - smtpd /m);
    expect(renderMasterCf(input({ dnsServers: ["192.0.2.53"], presets: false }))).toMatch(/^handoff unix - - n - - smtpd /m);
    expect(master).toMatch(/^cleanup unix n - n - 0 cleanup$/m);
    expect(renderResolvConf(["192.0.2.53", "2001:db8::53"])).toBe("nameserver 192.0.2.53\nnameserver 2001:db8::53\n");
  });
});

describe("Postfix's log lines in ours", () => {
  it("keeps deliveries at info, problems at warn and error, and connection lines at debug", () => {
    const line = (text: string) => `Nov 25 14:16:32 mail postfix/${text}`;
    expect(postfixLogLevel(line("smtp[27028]: 851E220C0E4: to=<a@b.test>, relay=mx.b.test[192.0.2.1]:25, status=sent (250 OK)"))).toBe(
      "info",
    );
    expect(postfixLogLevel(line("smtp[27028]: warning: no MX host for b.test has a valid address record"))).toBe("warn");
    expect(postfixLogLevel(line("master[1]: fatal: bind 127.0.0.1 port 10025: Address already in use"))).toBe("error");
    expect(postfixLogLevel(line("smtpd[15475]: connect from localhost[127.0.0.1]"))).toBe("debug");
    expect(postfixLogLevel(line("smtpd[15475]: lost connection after CONNECT from localhost[127.0.0.1]"))).toBe("debug");
    expect(postfixLogLevel(line("google/smtp[27030]: warning: TLS library problem: error"))).toBe("warn");
  });
});
