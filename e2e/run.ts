// Browser journeys in Debian's Chromium against the built portal (npm test runs this after jest).
import { launchBrowser } from './support/browser';
import { startPortal, type Portal } from './support/portal';
import { ARTIFACTS, screenshotOpenPages, takeCspViolations, type Journey, type SuiteService } from './support/harness';
import { a11yJourneys, keyboardJourneys } from './journeys/a11y';
import { publicJourneys } from './journeys/public';
import { paymentJourneys, startVnpayService, vnpayJourneys } from './journeys/payments';
import { phoneJourneys } from './journeys/phone';
import { releaseJourneys } from './journeys/release';
import { chatJourneys } from './journeys/chat';
import { noticeJourneys } from './journeys/notices';
import { officerDeskJourneys } from './journeys/officer-desk';
import { accountJourneys } from './journeys/accounts';
import { printerRoomJourneys } from './journeys/printer-room';
import { printingJourneys } from './journeys/printing';
import { ippJourneys, ippSuiteMissing, startIppService } from './journeys/ipp-printer';
import { layoutJourneys, roleJourneys } from './journeys/roles';
import { remoteFailureJourneys, tokenJourneys } from './journeys/tokens';
import { schoolSignInJourneys, startSchoolSignInService } from './journeys/school-sign-in';
import { socketTransportBrowser } from './cluster/transport';

interface Suite {
  name: string;
  env?: Record<string, string>;
  service?: () => Promise<SuiteService>;
  journeys: Journey[];
}

const SUITES: Suite[] = [
  {
    name: 'portal',
    journeys: [
      ...publicJourneys,
      ...roleJourneys,
      ...layoutJourneys,
      ...a11yJourneys,
      ...keyboardJourneys,
      // last: it issues and disables an account of its own
      ...accountJourneys,
    ],
  },
  { name: 'portal with 3-second access tokens', env: { ACCESS_TOKEN_TTL: '3s' }, journeys: tokenJourneys },
  {
    name: 'portal with an unreachable student remote',
    env: { REMOTE_STUDENT_URL: 'http://127.0.0.1:9/remoteEntry.js' },
    journeys: remoteFailureJourneys,
  },
  // 300 ms a sheet: a 6-sheet job prints in about 2 s, a 60-sheet one keeps its printer busy for 18 s.
  {
    name: 'portal with a 300 ms-per-sheet simulated printer',
    env: { PRINT_SIM_MS_PER_SHEET: '300' },
    journeys: [
      ...printingJourneys,
      ...phoneJourneys,
      ...releaseJourneys,
      ...printerRoomJourneys,
      ...noticeJourneys,
      ...chatJourneys,
      ...officerDeskJourneys,
    ],
  },
  { name: 'portal with the sandbox payment gateway', env: { PAYMENT_GATEWAY: 'sandbox' }, journeys: paymentJourneys },
  {
    name: 'portal with the VNPay gateway (a fake VNPay on loopback)',
    service: startVnpayService,
    journeys: vnpayJourneys,
  },
  {
    name: "portal with the school sign-in (the school's CAS 3.0 and OpenID Connect servers on loopback)",
    service: startSchoolSignInService,
    journeys: schoolSignInJourneys,
  },
  // a real IPP printer on loopback (CUPS's ippeveprinter); where it cannot run, the reason is printed
  ...(ippSuiteMissing() === null
    ? [
        {
          name: 'portal with a real IPP printer (ippeveprinter on loopback)',
          service: startIppService,
          journeys: ippJourneys,
        },
      ]
    : []),
];
const ippMissing = ippSuiteMissing();
if (ippMissing) {
  // CI installs ippeveprinter and asks for it: there a missing device fails the run, never skips in silence
  if (process.env.REQUIRE_SYSTEM_TOOLS === '1')
    throw new Error(`the real IPP printer journey cannot run: ${ippMissing}`);
  console.log(`the real IPP printer journey is left out: ${ippMissing}`);
}

const only = process.env.E2E_ONLY;
/**
 * E2E_BASE_URL: a portal already running (nginx in front of a cluster, a staging server) instead of one
 * started per suite; the journeys run against it whatever its settings, and the suites that need a
 * service of their own are left out.
 */
const baseUrl = process.env.E2E_BASE_URL?.replace(/\/+$/, '') || null;
/** E2E_SOCKET_TRANSPORT=polling: the portal's socket over long-polling only (shared-api's switch). */
const transport = process.env.E2E_SOCKET_TRANSPORT || 'websocket';
if (transport !== 'websocket' && transport !== 'polling')
  throw new Error('E2E_SOCKET_TRANSPORT is websocket or polling');

async function main(): Promise<number> {
  const launched = await launchBrowser();
  const browser =
    transport === 'polling' ? socketTransportBrowser(launched, 'polling', { websockets: 0, polls: 0 }) : launched;
  if (baseUrl) console.log(`against ${baseUrl}, socket over ${transport}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const suite of SUITES) {
      const journeys = suite.journeys.filter((j) => !only || j.name.includes(only));
      if (!journeys.length) continue;
      console.log(`\n${suite.name}`);
      if (baseUrl && suite.service) {
        console.log('  left out: E2E_BASE_URL names a running portal, this suite needs a service of its own');
        continue;
      }
      let portal: Portal | null = null;
      let service: SuiteService | null = null;
      try {
        service = suite.service ? await suite.service() : null;
        const running = service;
        portal = baseUrl ? null : await startPortal((url) => ({ ...suite.env, ...running?.env(url) }));
        const url = baseUrl ?? portal?.url ?? '';
        for (const journey of journeys) {
          const started = Date.now();
          takeCspViolations();
          try {
            await journey.run({ browser, url });
            const csp = takeCspViolations();
            if (csp.length)
              throw new Error(`Content-Security-Policy violation(s):\n    ${[...new Set(csp)].join('\n    ')}`);
            passed += 1;
            console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
          } catch (error) {
            failed += 1;
            await screenshotOpenPages(journey.name.replace(/[^\w]+/g, '-').slice(0, 60));
            console.log(`  ✗ ${journey.name}\n    ${(error as Error).stack ?? error}`);
          }
        }
      } finally {
        await portal?.stop();
        await service?.stop();
      }
    }
  } finally {
    await launched.close();
  }
  console.log(`\nscreenshots: ${ARTIFACTS}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
