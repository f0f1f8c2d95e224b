// Waiting on a condition instead of for a fixed time: the one poll loop of the
// test kit. A test that waits for something to happen polls for it
// (`until`, `eventually`); a test that checks something does NOT happen keeps
// checking for the whole window (`holdsFor`), so it fails the moment it does.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds; false when it did not within the timeout. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await pause(intervalMs);
  }
}

/**
 * Reads until the value is accepted (by default: until it is defined) and
 * returns it; when the time is up, returns the last value read, or throws when
 * `what` names what was awaited.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean = (value) => value !== undefined,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      if (options.what) throw new Error(`timed out waiting for ${options.what}`);
      return value;
    }
    await pause(options.intervalMs ?? 100);
  }
}

/** Checks `condition` throughout the window; false as soon as it fails. */
export async function holdsFor(condition: () => boolean | Promise<boolean>, windowMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + windowMs;
  for (;;) {
    if (!(await condition())) return false;
    if (Date.now() > deadline) return true;
    await pause(intervalMs);
  }
}
