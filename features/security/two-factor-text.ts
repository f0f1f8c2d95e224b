// How the setup key and the recovery codes are written out for people.

/** "JBSWY3DPEHPK3PXP" → ["JBSW", "Y3DP", "EHPK", "3PXP"]: easier to type and to check. */
export function groupsOfFour(secret: string): string[] {
  return secret.match(/.{1,4}/g) ?? [];
}

/** The downloaded recovery-codes file: what it is, whose, when, then one code per line. */
export function recoveryCodesFile(codes: readonly string[], email: string, createdAt: Date): string {
  return [
    "Customer Email Service: two-factor recovery codes",
    `Account: ${email}`,
    `Created: ${createdAt.toISOString().slice(0, 10)}`,
    "",
    "Each code signs you in once when you cannot use your authenticator app.",
    "Keep them somewhere safe, such as a password manager.",
    "",
    ...codes,
    "",
  ].join("\n");
}
