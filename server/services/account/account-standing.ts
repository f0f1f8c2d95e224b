// What an account scheduled for deletion may still do, for every door at once
// (the API's route wrapper, the sending pipeline that the API, SMTP, webmail
// and mailbox rules all store through): read its data, export it, sign
// sessions out and cancel the deletion. Anything that changes or sends is
// refused until the deletion is canceled. Mail logins and API keys of such an
// account are refused where they are checked (the login rule, the key lookup).
import { AppError } from "@/server/errors";

export const DELETION_SCHEDULED = "deletion_scheduled";

/** 403 `forbidden` when the account is scheduled for deletion; nothing otherwise. */
export function assertAccountMayChange(account: { deletionScheduledFor: Date | null }): void {
  if (!account.deletionScheduledFor) return;
  const day = account.deletionScheduledFor.toISOString().slice(0, 10);
  throw new AppError(
    "forbidden",
    `This account is scheduled for deletion on ${day}: it can be read, but nothing can be changed or sent until the deletion is canceled (POST /api/v1/account/deletion/cancel).`,
    { data: { reason: DELETION_SCHEDULED, deletionScheduledFor: account.deletionScheduledFor.toISOString() } },
  );
}
