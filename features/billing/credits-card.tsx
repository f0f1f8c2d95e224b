"use client";
// Email credits: the balance and the packs to top up with.
import type { z } from "zod";
import { Button } from "@/components/button";
import { SettingsCardBody } from "@/components/settings-section";
import type { creditsSchema } from "@/shared/schemas/billing";
import { formatCount, formatMoney } from "./format-money";

type Credits = z.output<typeof creditsSchema>;

export function CreditsCard({
  credits,
  canPay,
  pendingPackId,
  onBuy,
}: {
  credits: Credits;
  canPay: boolean;
  pendingPackId: string | null;
  onBuy: (packId: string) => void;
}) {
  return (
    <SettingsCardBody>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Balance: <span className="text-lg font-semibold text-zinc-900 dark:text-white">{formatCount(credits.balance)}</span> credits
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {credits.packs.map((pack) => (
          <li key={pack.id} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <p className="font-medium text-zinc-900 dark:text-white">{formatCount(pack.credits)} credits</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{formatMoney(pack.amount, pack.currency)}</p>
            <Button
              size="sm"
              variant="secondary"
              className="mt-3 w-full"
              aria-label={`Buy ${formatCount(pack.credits)} credits`}
              disabled={!canPay || (pendingPackId !== null && pendingPackId !== pack.id)}
              pending={pendingPackId === pack.id}
              onClick={() => onBuy(pack.id)}
            >
              Buy
            </Button>
          </li>
        ))}
      </ul>
    </SettingsCardBody>
  );
}
