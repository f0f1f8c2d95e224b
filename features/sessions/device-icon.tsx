import type { DeviceKind } from "./describe-user-agent";

const common = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.75,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-5",
  "aria-hidden": true,
} as const;

/** Decorative: the label next to it names the device. */
export function DeviceIcon({ kind }: { kind: DeviceKind }) {
  switch (kind) {
    case "mobile":
      return (
        <svg {...common}>
          <rect x="6" y="2" width="12" height="20" rx="2.5" />
          <path d="M11 18h2" />
        </svg>
      );
    case "tablet":
      return (
        <svg {...common}>
          <rect x="4" y="2" width="16" height="20" rx="2.5" />
          <path d="M11 18h2" />
        </svg>
      );
    case "client":
      return (
        <svg {...common}>
          <path d="m4 17 6-5-6-5M12 19h8" />
        </svg>
      );
    case "unknown":
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4M12 17.5h.01" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect x="2" y="4" width="20" height="13" rx="2" />
          <path d="M8 21h8M12 17v4" />
        </svg>
      );
  }
}
