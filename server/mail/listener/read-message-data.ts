// Reads DATA into memory for every listener of the process, under one budget:
// a message is buffered whole (submission signs and stores it as one piece,
// the MX parses it), so without a cap a few hundred slow 25 MB uploads could
// exhaust memory. Past the size limit or the budget the rest is read and
// dropped, so the client gets its reply after the final dot.
import type { SMTPServerDataStream } from "smtp-server";
import { memoryBudget } from "./connection-limits";

/** Shared by every listener of the process (docs/smtp.md, "Limits that protect the service"). */
export const dataBudget = memoryBudget(512 * 1024 * 1024);

export type ReadData = { data: Buffer | null; held: number; overBudget: boolean };

export async function readMessageData(stream: SMTPServerDataStream, budget = dataBudget): Promise<ReadData> {
  const chunks: Buffer[] = [];
  let held = 0;
  let overBudget = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (stream.sizeExceeded || overBudget) continue;
    if (!budget.take(chunk.length)) {
      overBudget = true;
      continue;
    }
    held += chunk.length;
    chunks.push(chunk);
  }
  return { data: stream.sizeExceeded || overBudget ? null : Buffer.concat(chunks), held, overBudget };
}
