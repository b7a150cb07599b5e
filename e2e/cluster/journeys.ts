import { chatJourneys } from '../journeys/chat';
import { noticeJourneys } from '../journeys/notices';
import { printingJourneys } from '../journeys/printing';
import { screenshotOpenPages, takeCspViolations, type Journey } from '../support/harness';
import { assertTransport, socketTransportBrowser, type SocketTransport, type SocketTraffic } from './transport';
import type { ClusterCheck } from './harness';

/**
 * The browser journeys that live on socket events: a job's status reaching 'Đã in' on /History, the
 * chat between an officer and a staff member, the notices badge. Their instances run the simulated
 * printer at 300 ms a sheet, as in e2e/run.ts.
 */
const LIVE_JOURNEYS: Journey[] = [
  ...printingJourneys.filter((j) => j.name.startsWith('printing: a 5-page PDF')),
  ...chatJourneys,
  ...noticeJourneys,
];

/** The instances' environment these journeys expect. */
export const JOURNEY_ENV = { PRINT_SIM_MS_PER_SHEET: '300' };

function journeyCheck(journey: Journey, transport: SocketTransport): ClusterCheck {
  return {
    name: `journey through nginx over ${transport}: ${journey.name}`,
    async run({ cluster, browser }) {
      const traffic: SocketTraffic = { websockets: 0, polls: 0 };
      takeCspViolations();
      try {
        await journey.run({ browser: socketTransportBrowser(await browser(), transport, traffic), url: cluster.url });
      } catch (error) {
        await screenshotOpenPages(`cluster-${transport}-${journey.name.replace(/[^\w]+/g, '-').slice(0, 50)}`);
        throw error;
      }
      const csp = takeCspViolations();
      if (csp.length) throw new Error(`Content-Security-Policy violation(s): ${[...new Set(csp)].join(' | ')}`);
      assertTransport(transport, traffic);
    },
  };
}

export const journeyChecks: ClusterCheck[] = (['websocket', 'polling'] as const).flatMap((transport) =>
  LIVE_JOURNEYS.map((journey) => journeyCheck(journey, transport)),
);
