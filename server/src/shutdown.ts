/**
 * How long a stopping server (SIGTERM, SIGINT) may take to finish its requests, hand back its print claims
 * and close its sockets before it exits anyway. In a module of its own, not in server.ts (which starts the
 * server when imported), so the deployment check can hold the platforms' grace periods above it
 * (server/test/deploy-files.test.ts).
 */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
