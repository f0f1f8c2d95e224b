import { randomBytes } from "node:crypto";

/** Opaque, unguessable ids with a readable prefix, e.g. `ses_3f9c…`. */
export function newId(
  prefix:
    | "acc"
    | "ses"
    | "evt"
    | "otc"
    | "rec"
    | "tkt"
    | "key"
    | "msg"
    | "mev"
    | "inv"
    | "dom"
    | "rly"
    | "oid"
    | "mbx"
    | "apw"
    | "als"
    | "fcn"
    | "mem"
    | "invite"
    | "top"
    | "tpl"
    | "dmr"
    | "rpw",
): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
