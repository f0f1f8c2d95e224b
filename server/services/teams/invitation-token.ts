// Invitation links carry a 256-bit token; only its keyed hash is stored, so a
// leaked table gives nobody a way in. Looking it up by that hash (a unique
// index) needs no comparison of secrets of our own.
import { derivedKey, hmacBase64Url, randomToken } from "@/server/security/crypto";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

let key: Buffer | undefined;
export const invitationTokenHash = (token: string) => hmacBase64Url((key ??= derivedKey("team-invitations")), token);

export const newInvitationToken = () => randomToken(32);

/** The portal page the emailed link opens; the token rides in the fragment, which browsers never send to a server or a Referer. */
export const invitationLink = (appUrl: string, token: string) => `${appUrl}/invitations/accept#token=${encodeURIComponent(token)}`;
