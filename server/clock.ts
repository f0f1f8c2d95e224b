// The service's notion of "now", in one place so unit tests can move time.
let override: (() => Date) | undefined;

export function now(): Date {
  return override ? override() : new Date();
}

/** Unit tests only: freeze or move the clock; `undefined` restores real time. */
export function setClock(clock: (() => Date) | undefined): void {
  override = clock;
}
