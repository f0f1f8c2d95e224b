"use client";
// What to type into a mail client: IMAP, POP3 and SMTP servers with copy
// buttons (GET /mailboxes/client-settings). Clients that support autoconfig
// find these by themselves from the address.
import { Badge } from "@/components/badge";
import { CopyButton } from "@/components/copy-button";
import { QueryState } from "@/components/query-state";
import type { MailServerSettings } from "@/shared/schemas/mail-client-settings";
import { useMailClientSettings } from "./use-mailboxes";

const securityLabel = { ssl_tls: "SSL/TLS", starttls: "STARTTLS" } as const;

function ServerRow({ label, server }: { label: string; server: MailServerSettings }) {
  return (
    <div className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-28 shrink-0 text-sm font-medium text-zinc-900 dark:text-white">{label}</dt>
      <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="flex items-center gap-2">
          <span className="font-mono break-all">{server.host}</span>
          <CopyButton text={server.host} ariaLabel={`Copy the ${label} server`} variant="ghost" />
        </span>
        <span className="flex items-center gap-2">
          <span>
            port <span className="font-mono">{server.port}</span>
          </span>
          <CopyButton text={String(server.port)} ariaLabel={`Copy the ${label} port`} variant="ghost" />
        </span>
        <Badge>{securityLabel[server.security]}</Badge>
      </dd>
    </div>
  );
}

export function ClientSettingsCard() {
  const settings = useMailClientSettings();
  return (
    <section
      aria-labelledby="mail-client-settings"
      className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <h2
        id="mail-client-settings"
        className="border-b border-zinc-200 px-5 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
      >
        Mail client settings
      </h2>
      <QueryState query={settings} what="the mail client settings" className="p-5">
        {(data) => (
          <>
            <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {data.imap ? <ServerRow label="IMAP" server={data.imap} /> : null}
              {data.pop3 ? <ServerRow label="POP3" server={data.pop3} /> : null}
              {data.smtp.map((server) => (
                <ServerRow key={server.port} label={`SMTP (${securityLabel[server.security]})`} server={server} />
              ))}
            </dl>
            <p className="border-t border-zinc-200 px-5 py-4 text-sm leading-6 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
              Username: the mailbox&apos;s full address. Password: the mailbox&apos;s password, or an app password that allows the protocol.
              Thunderbird and other clients with autoconfig fill these in from the address alone.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
