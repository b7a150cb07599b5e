// The cluster checks (issue 23): two instances of the built server and nginx in front of them, on a
// database of their own on the PostgreSQL server of DATABASE_URL (npm test starts a throw-away one).
//
//   DATABASE_URL=postgres://… node --import tsx e2e/cluster/run.ts
//   bash server/scripts/with-postgres.sh node --import tsx e2e/cluster/run.ts
//
// CLUSTER_ONLY=<text> runs the checks whose name contains it. Exits nonzero when a check fails.
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startCluster, type Cluster } from '../support/cluster';
import { basicChecks } from './basics';
import type { ClusterCheck } from './harness';
import { JOURNEY_ENV, journeyChecks } from './journeys';
import { scenarioChecks } from './scenarios';

/** Every check, in order. A new scenario is one more ClusterCheck here. */
const CHECKS: ClusterCheck[] = [...basicChecks, ...scenarioChecks, ...journeyChecks];

async function main(): Promise<number> {
  const only = process.env.CLUSTER_ONLY;
  const checks = CHECKS.filter((check) => !only || check.name.includes(only));
  if (!checks.length) {
    console.error(`no cluster check matches CLUSTER_ONLY=${only}`);
    return 1;
  }
  const started = Date.now();
  console.log('\ncluster: 2 instances behind nginx, on PostgreSQL');
  let cluster: Cluster | null = null;
  let browser: Browser | null = null;
  let passed = 0;
  let failed = 0;
  try {
    cluster = await startCluster({ instances: 2, env: JOURNEY_ENV });
    console.log(`  nginx ${cluster.url} → ${cluster.instanceUrls.join(', ')} (${Date.now() - started} ms to start)`);
    const ctx = {
      cluster,
      browser: async () => (browser ??= await launchBrowser()),
    };
    for (const check of checks) {
      const t0 = Date.now();
      try {
        await check.run(ctx);
        passed += 1;
        console.log(`  ✓ ${check.name} (${Date.now() - t0} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`  ✗ ${check.name}\n    ${(error as Error).stack ?? error}`);
      }
    }
  } finally {
    await (browser as Browser | null)?.close();
    await cluster?.stop();
  }
  console.log(`cluster: ${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
