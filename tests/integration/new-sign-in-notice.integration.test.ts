import { describe, expect, it } from "vitest";
import { login } from "@/shared/api/endpoints/auth";
import { updateSecurityPreferences } from "@/shared/api/endpoints/settings";
import { call, randomIp } from "../support/api-client";
import { createAccount } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { holdsFor } from "../support/poll";

const NOTICE = "New sign-in to your account";
const notices = (email: string) => emailsTo(email).filter((message) => message.subject === NOTICE);
/** No further notice comes while the job worker (polling every second) would have sent it. */
const noMoreNotices = (email: string, count: number) => holdsFor(() => notices(email).length <= count, 2_500);

describe("new sign-in notifications", () => {
  it("emails once per new device and address, not for registration or a known device", async () => {
    const account = await createAccount();
    const device = { ip: randomIp(), headers: { "user-agent": "Notice-Test/1.0" } };
    await call(login, { body: { email: account.email, password: account.password }, ...device });
    const notice = await waitForEmail(account.email, { subject: NOTICE });
    expect(notice.text).toContain(device.ip);
    expect(notice.text).toContain("Notice-Test/1.0");
    await call(login, { body: { email: account.email, password: account.password }, ...device });
    await noMoreNotices(account.email, 1);
    expect(notices(account.email)).toHaveLength(1);
  });

  it("sends nothing when notifyNewSignin is off", async () => {
    const account = await createAccount();
    await call(updateSecurityPreferences, { token: account.accessToken, body: { notifyNewSignin: false } });
    await call(login, { body: { email: account.email, password: account.password }, ip: randomIp() });
    await noMoreNotices(account.email, 0);
    expect(notices(account.email)).toHaveLength(0);
  });
});
