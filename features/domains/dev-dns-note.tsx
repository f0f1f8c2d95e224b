// Outside production only (the page passes no address in production): the
// launcher's development DNS already serves every added domain's records, so
// Verify works with no DNS provider (docs/domains.md, "Without outside DNS").
import { InlineCode } from "@/components/inline-code";
import { Note } from "@/components/note";

export function DevDnsNote({ address }: { address: string }) {
  const [host, port] = address.split(":");
  return (
    <Note>
      <p>
        <strong className="font-medium text-zinc-900 dark:text-white">Development DNS.</strong> This server answers DNS at{" "}
        <InlineCode>{address}</InlineCode> and already publishes there the records of every domain you add, so Verify works without a DNS
        provider. Look one up with <InlineCode>{`dig @${host} -p ${port} TXT <domain>`}</InlineCode>. In production you publish them at your
        DNS provider; this note and that server do not exist there.
      </p>
    </Note>
  );
}
