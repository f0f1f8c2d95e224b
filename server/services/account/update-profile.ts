// PUT /account/profile: the display name.
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { accountView } from "./account-view";

export async function updateProfile(auth: AuthContext, name: string, client: ClientInfo) {
  return db().transaction(async (tx) => {
    const [account] = await tx.update(accounts).set({ name, updatedAt: now() }).where(eq(accounts.id, auth.accountId)).returning();
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "account.updated",
        description: "Profile updated",
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { fields: ["name"] },
      },
      tx,
    );
    return accountView(account!);
  });
}
