/**
 * Tests that need a system tool (ippeveprinter, LibreOffice, unshare) skip where it is missing, saying why:
 * `npm test` passes on a fresh machine with Node and npm only. CI installs the tools and sets
 * REQUIRE_SYSTEM_TOOLS=1, so there a missing tool fails the run instead of skipping in silence.
 */
export function toolMissing(what: string, why: string | null, env: NodeJS.ProcessEnv = process.env): boolean {
  if (why === null) return false;
  if (env.REQUIRE_SYSTEM_TOOLS === '1') {
    throw new Error(`${what} is required here (REQUIRE_SYSTEM_TOOLS=1) but cannot run: ${why}`);
  }
  console.warn(`${what} skipped: ${why}`);
  return true;
}
