// A fresh account on the server under test, for the benchmarks that need a
// signed-in caller: its credentials and first access token.
export type BenchAccount = { email: string; password: string; accessToken: string };

export async function registerBenchAccount(baseUrl: string): Promise<BenchAccount> {
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = "bench-password-correct-horse";
  const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: { accessToken: string } };
  if (response.status !== 201) throw new Error(`bench registration failed: ${JSON.stringify(body)}`);
  return { email, password, accessToken: body.data.accessToken };
}

/** A new access token for the account: a step that outlasts one (15 minutes), like filling a large mailbox, signs in again. */
export async function signInBenchAccount(baseUrl: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await response.json()) as { data: { accessToken: string } };
  if (response.status !== 200) throw new Error(`bench sign-in failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}
