// Passwords: argon2id with OWASP's parameters (m=19 MiB, t=2, p=1), and a
// refusal list of common passwords.
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum)
export const argon2Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

// Verified instead of a real hash when the account does not exist, so an
// unknown email costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword("decoy password that never matches anything");
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// zxcvbn-ts's list of common passwords, ranked by frequency (~49k entries,
// a superset of the 10,000 most common; includes password1234 and 123456789012).
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"] as string[]);
  return common.has(password.toLowerCase());
}
