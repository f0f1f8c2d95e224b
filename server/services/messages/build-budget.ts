// Bounds the memory the sends of one process use at once for building
// messages: a large send (up to 36 MiB of JSON, decoded attachments and the
// built MIME) waits its turn when the budget is taken, instead of several of
// them exhausting the heap together. Small sends never wait for each other.
const BUDGET_BYTES = 256 * 1024 * 1024;
/** Roughly what building takes per byte of attachment content: decoded copy, MIME, row parameters. */
const WORK_FACTOR = 3;

let inUse = 0;
const waiting: { bytes: number; start: () => void }[] = [];

function admit() {
  while (waiting.length > 0) {
    const next = waiting[0]!;
    // The first waiter always fits an idle process, whatever its size.
    if (inUse > 0 && inUse + next.bytes > BUDGET_BYTES) return;
    waiting.shift();
    inUse += next.bytes;
    next.start();
  }
}

/** Runs `work` once `contentBytes` × the work factor fit in the process's budget. */
export async function withBuildBudget<T>(contentBytes: number, work: () => Promise<T>): Promise<T> {
  const bytes = Math.min(BUDGET_BYTES, Math.ceil(contentBytes * WORK_FACTOR));
  if (bytes < 1024 * 1024) return work();
  await new Promise<void>((start) => {
    waiting.push({ bytes, start });
    admit();
  });
  try {
    return await work();
  } finally {
    inUse -= bytes;
    admit();
  }
}
