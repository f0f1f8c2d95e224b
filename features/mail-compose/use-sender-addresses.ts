"use client";
// The addresses a mailbox may send as: its own, then each alias that delivers
// to it (a catch-all is no address), as the API checks them.
import { useAliases } from "@/features/mailboxes/use-mailboxes";

export function useSenderAddresses(address: string): string[] {
  const aliases = useAliases();
  const own = address.toLowerCase();
  const viaAliases = (aliases.data ?? [])
    .filter((alias) => !alias.isCatchAll && alias.destinations.some((destination) => destination.toLowerCase() === own))
    .map((alias) => alias.address.toLowerCase())
    .sort();
  return [own, ...viaAliases];
}
