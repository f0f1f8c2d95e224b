// Login cost against the argon2id verify at its heart, for `npm run bench`.
//
// The figure is login ÷ one raw verify. On this machine two fixed
// costs swamp it, so they are measured alongside in the same run:
// - one HTTP request through Next.js at all (the constant health route, asked
//   one at a time like the sign-ins), which every login pays before any work;
// - a verify run alone, after a pause, as sign-ins run it. Back to back the
//   CPU stays warm; on this machine a verify after a pause was sometimes
//   slower (7 ms back to back vs 8–11 ms in one session, equal in another).
import { hash, verify } from "@node-rs/argon2";
import { argon2Options } from "../server/security/password";

export type LoginCost = {
  samples: number;
  loginMs: number;
  /** A sequential GET of the constant health route: the fixed cost of a request. */
  healthMs: number;
  /** Raw verifies back to back. */
  argon2Ms: number;
  /** Raw verifies each after a pause (PAUSE_MS), as between sign-ins. */
  argon2IsolatedMs: number;
};

const PAUSE_MS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Sign-ins and health requests alternate, so a change in the machine's load hits both alike. */
export async function measureLoginCost(baseUrl: string, account: { email: string; password: string }, samples = 40): Promise<LoginCost> {
  const login = async () => {
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`bench login failed with ${response.status}`);
  };
  const health = async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    await response.arrayBuffer();
  };
  const loginTimes: number[] = [];
  const healthTimes: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    loginTimes.push(await timed(login));
    healthTimes.push(await timed(health));
  }

  const reference = await hash(account.password, argon2Options);
  const check = () => verify(reference, account.password);
  const hotTimes: number[] = [];
  const isolatedTimes: number[] = [];
  for (let index = 0; index < samples; index += 1) hotTimes.push(await timed(check));
  for (let index = 0; index < samples; index += 1) {
    await pause();
    isolatedTimes.push(await timed(check));
  }
  return {
    samples,
    loginMs: median(loginTimes),
    healthMs: median(healthTimes),
    argon2Ms: median(hotTimes),
    argon2IsolatedMs: median(isolatedTimes),
  };
}

export function describeLoginCost(cost: LoginCost): string[] {
  const { samples, loginMs, healthMs, argon2Ms, argon2IsolatedMs } = cost;
  return [
    `Login cost (medians of ${samples}; argon2id m=${argon2Options.memoryCost} t=${argon2Options.timeCost} p=${argon2Options.parallelism}):`,
    `- POST /api/v1/auth/login ${loginMs.toFixed(1)} ms; GET /api/v1/health ${healthMs.toFixed(1)} ms, asked alternately one at a time`,
    `- argon2id verify ${argon2Ms.toFixed(1)} ms back to back; ${argon2IsolatedMs.toFixed(1)} ms each after a ${PAUSE_MS} ms pause`,
    `- login ÷ verify (back to back): ${(loginMs / argon2Ms).toFixed(2)}×`,
    `- (login − health) ÷ verify after a pause, what a sign-in adds to any request against the verify as it runs there: ${((loginMs - healthMs) / argon2IsolatedMs).toFixed(2)}×`,
  ];
}
