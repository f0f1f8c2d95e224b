// Open SMTP connections per client address on this instance. A connection
// lives on exactly one instance, so this count is not shared state: each
// instance behind a TCP load balancer enforces it for what it holds.
export function connectionCounter(maxPerAddress: number) {
  const open = new Map<string, number>();
  return {
    /** Counts a new connection; false (and nothing counted) when the address is at its limit. */
    tryOpen(address: string): boolean {
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) return false;
      open.set(address, count + 1);
      return true;
    },
    close(address: string): void {
      const count = (open.get(address) ?? 0) - 1;
      if (count > 0) open.set(address, count);
      else open.delete(address);
    },
  };
}

/**
 * Bytes of DATA held in memory across every session of the process. A message
 * is buffered whole (it is signed and stored as one piece), so without a cap a
 * few hundred slow 25 MB uploads could exhaust memory; past it, new data is
 * refused with a temporary failure and the client retries later.
 */
export function memoryBudget(totalBytes: number) {
  let used = 0;
  return {
    take(bytes: number): boolean {
      if (used + bytes > totalBytes) return false;
      used += bytes;
      return true;
    },
    give(bytes: number): void {
      used = Math.max(0, used - bytes);
    },
    get used() {
      return used;
    },
  };
}
