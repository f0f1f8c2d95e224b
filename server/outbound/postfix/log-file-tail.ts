// Follows the child Postfix's log file (maillog_file, written by its postlogd)
// from a stored position (docs/delivery.md, "Each recipient's fate"). Complete
// lines are handed over in order with the position after them; the position
// moves on only once they are recorded, so a line is neither skipped nor
// handed over twice by one reader. A file past its size limit is rotated once
// read to its end: renamed to `<file>.1` and Postfix told to reopen it by name
// (`postfix reload`); the renamed file is read to its end until no process of
// Postfix holds it open any more, and only then does reading move to the new
// one.
import { closeSync, fstatSync, openSync, readSync, renameSync, statSync } from "node:fs";
import { openedElsewhere } from "@/server/engines/process-checks";
import { logger } from "@/server/logger";

export type LogPosition = { inode: number; offset: number };

export type LogTailOptions = {
  file: string;
  /** Where reading resumes: a stored position, or null to read the file from its start. */
  from: LogPosition | null;
  /** Each line once, as it is first read (the service's own log). */
  onRead?: (line: string) => void;
  /** Records what complete lines say together with `end`, the position after them; a rejection hands them over again later. */
  onLines: (lines: string[], end: LogPosition) => Promise<void>;
  /** A file this long is rotated once it is read to its end. */
  rotateAtBytes: number;
  /** Makes the writer start a new file by the same name (after the old one was renamed). */
  reopen: () => Promise<void>;
  /** How often the end of the file is checked for new lines. */
  pollMs?: number;
};

type Reading = { fd: number; inode: number; offset: number; draining: boolean };

const CHUNK_BYTES = 256 * 1024;
const RETRY_MS = 1_000;

const inodeOf = (file: string): number | null => {
  try {
    return statSync(file).ino;
  } catch {
    return null;
  }
};

function openFile(file: string, offset: number, draining: boolean): Reading {
  const fd = openSync(file, "r");
  const { ino, size } = fstatSync(fd);
  return { fd, inode: ino, offset: offset <= size ? offset : 0, draining };
}

/** Where a reader starts: the rotated file when the stored position is in it, else the current file (at the position when it is in it). */
function openStart(file: string, rotated: string, from: LogPosition | null): Reading | null {
  if (from && inodeOf(rotated) === from.inode) return openFile(rotated, from.offset, true);
  const inode = inodeOf(file);
  if (inode === null) return null;
  return openFile(file, from?.inode === inode ? from.offset : 0, false);
}

/** The complete lines at the start of `chunk`, and how many bytes they take (a line longer than a chunk counts as complete). */
function completeLines(chunk: Buffer, full: boolean): { lines: string[]; bytes: number } {
  const end = chunk.lastIndexOf(10);
  const bytes = end >= 0 ? end + 1 : full ? chunk.length : 0;
  const lines = chunk.subarray(0, bytes).toString("utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return { lines, bytes };
}

export function tailLogFile(options: LogTailOptions): { stop: () => Promise<void> } {
  const log = logger().child({ component: "postfix-log" });
  const rotated = `${options.file}.1`;
  const pollMs = options.pollMs ?? 200;
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let reading: Reading | null = null;
  let start = options.from;
  /** Lines before this offset of this inode went to the service's log already (they are being handed over again). */
  let logged: LogPosition = { inode: -1, offset: 0 };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (!stopped) timer = setTimeout(() => (running = tick().then(schedule, onFailure)), delayMs);
  };
  const onFailure = (error: unknown) => {
    log.warn({ err: error }, "Postfix's log lines not recorded yet; trying again");
    schedule(RETRY_MS);
  };

  /** Copies the lines past what was copied already (a batch handed over again may have grown meanwhile). */
  function logOnce(lines: string[], current: Reading) {
    if (!options.onRead) return;
    let offset = current.offset;
    for (const line of lines) {
      offset += Buffer.byteLength(line) + 1;
      if (logged.inode !== current.inode || offset > logged.offset) options.onRead(line);
    }
  }

  /** Hands over the next lines; answers the delay before the next look. */
  async function readMore(current: Reading): Promise<number | null> {
    const read = readSync(current.fd, buffer, 0, CHUNK_BYTES, current.offset);
    const { lines, bytes } = completeLines(buffer.subarray(0, read), read === CHUNK_BYTES);
    if (bytes === 0) return null;
    const end = { inode: current.inode, offset: current.offset + bytes };
    logOnce(lines, current);
    if (end.offset > logged.offset || logged.inode !== end.inode) logged = end;
    await options.onLines(lines, end);
    current.offset = end.offset;
    return 0;
  }

  /** At the end of the file: rotate it, or move from a drained rotated file to the new one. */
  async function atEnd(current: Reading): Promise<number> {
    if (current.draining) {
      if (openedElsewhere(rotated) || inodeOf(options.file) === null) return pollMs;
      // A line may have come between the last read and the writer's close: let go only at the end of a file nobody holds.
      if ((await readMore(current)) !== null) return 0;
      closeSync(current.fd);
      reading = openFile(options.file, 0, false);
      return 0;
    }
    const replaced = inodeOf(options.file) !== current.inode;
    if (replaced || current.offset >= options.rotateAtBytes) {
      if (!replaced) renameSync(options.file, rotated);
      current.draining = true;
      await options.reopen().catch((error) => log.warn({ err: error }, "Postfix did not reopen its log"));
      return 0;
    }
    return pollMs;
  }

  async function tick(): Promise<number> {
    reading ??= openStart(options.file, rotated, start);
    if (!reading) return pollMs;
    start = null;
    return (await readMore(reading)) ?? (await atEnd(reading));
  }

  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      if (reading) closeSync(reading.fd);
      reading = null;
    },
  };
}
