// The level at which one of Dovecot's log lines reaches our log. Its routine
// lines (the start banner, our own readiness probes of LMTP, the "Killed with
// signal 15" it writes when we stop it) are debug, so `npm start` shows its
// human lines alone at the default LOG_LEVEL (docs/stopping.md).

export type DovecotLogLevel = "error" | "warn" | "info" | "debug";

/** The launcher's probe connects to LMTP and leaves before the greeting is answered. */
const PROBE_LINE =
  /^lmtp\(\d+\): Info: (Connect from 127\.0\.0\.1|Disconnect from 127\.0\.0\.1: Connection closed(: .*)? \(state=GREETING\))$/;
const START_BANNER = /^master: Info: Dovecot v\S+ .*starting up/;
/** What each of its processes says when we stop it: "master: Warning: Killed with signal 15 (by pid=…)", "log(…): Warning: Shutting down logging for …". */
const STOPPED_BY_US = /^[\w-]+(\(\d+\))?: Warning: (Killed with signal 15 |Shutting down logging for )/;

export function dovecotLogLevel(line: string, stopping: boolean): DovecotLogLevel {
  if (stopping && STOPPED_BY_US.test(line)) return "debug";
  if (/(Fatal|Panic|Error):/.test(line)) return "error";
  if (/Warning:/.test(line)) return "warn";
  if (START_BANNER.test(line) || PROBE_LINE.test(line)) return "debug";
  return "info";
}
