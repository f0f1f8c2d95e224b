// The Node.js releases the service runs on, as package.json's `engines` says:
// 22.19+ on the 22 line (mailauth, the MX's sender authentication, needs it)
// or 24 and later. npm holds an install to it (`engine-strict` in .npmrc), but
// not `npm start` or `npm test`, which on an older Node would start and fail
// later, far from the cause; they call `exitUnlessSupportedNode` first.

/**
 * The README's quick-start line that puts Node 24 first on PATH in this shell:
 * the npm registry's node-linux-<arch> package, as .ci/run takes it (npm pack
 * runs no install script; no root, nothing outside ~/.cache).
 */
export const NODE_24_COMMAND =
  '(mkdir -p ~/.cache/ces-node/24 && cd ~/.cache/ces-node/24 && tar -xzf "$(npm pack --silent node-linux-$(node -p process.arch)@24)" --strip-components=1 package/bin/node && rm node-linux-*.tgz) && export PATH="$HOME/.cache/ces-node/24/bin:$PATH"';

/** Whether `version` ("22.19.0" or "v22.19.0") is one the service supports. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major >= 24 || (major === 22 && minor >= 19);
}

export function unsupportedNodeMessage(version: string): string {
  return [
    `Node.js ${version.replace(/^v?/, "v")} is not supported: this service needs Node.js 22.19+ or 24 (README.md, "Quick start").`,
    "Node 24 for this shell, from the npm registry (or `nvm install` / `fnm use` with the checkout's .nvmrc):",
    "",
    `  ${NODE_24_COMMAND}`,
    "",
    "then `npm install` again and run the command once more.",
  ].join("\n");
}

/** Prints why and exits with 1 when this process runs on a Node.js the service does not support. */
export function exitUnlessSupportedNode(version = process.versions.node): void {
  if (isSupportedNode(version)) return;
  console.error(unsupportedNodeMessage(version));
  process.exit(1);
}
