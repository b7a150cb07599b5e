import fp from 'fastify-plugin';
import { uploadDirOf } from './config';
import { OfficeConverter } from './documents/conversion';
import type { DocumentTools } from './documents/file-types';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createSchoolSignInService, type SchoolSignInService } from './modules/auth/school-sign-in.service';
import { createConversationsService, type ConversationsService } from './modules/conversations/conversations.service';
import { buildGateways, type PaymentGateways } from './modules/payments/gateways';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { createPrintJobsService, type PrintJobsService } from './modules/print-jobs/print-jobs.service';
import { createPushService, type PushService } from './modules/push/push.service';
import { createNoticesService, type NoticesService } from './modules/notices/notices.service';
import { createReleaseService, type ReleaseService } from './modules/release/release.service';
import { createPrinterAdminService, type PrinterAdminService } from './modules/printers/printer-admin.service';
import { createPrinterRoomService, type PrinterRoomService } from './modules/printers/printer-room.service';
import { createPrintersService, type PrintersService } from './modules/printers/printers.service';
import { createQueueEstimateService, type QueueEstimateService } from './modules/queue-estimate/queue-estimate.service';
import {
  createStudentActivityService,
  type StudentActivityService,
} from './modules/student-activity/student-activity.service';
import { createSystemConfigService, type SystemConfigService } from './modules/system-config/system-config.service';
import { createUsersService, type UsersService } from './modules/users/users.service';

/** Every service of the app, built once: routes, socket handlers and schedulers call these. */
export interface Services {
  auth: AuthService;
  /** School sign-in (CAS, OpenID Connect): ends in the auth service's one token pair. */
  schoolSignIn: SchoolSignInService;
  users: UsersService;
  /** The accounts officers manage: issue, disable, reset, import students. */
  accounts: AccountsService;
  printers: PrintersService;
  /** Staff and officers read a printer's queue and log and a student's history. */
  printerRoom: PrinterRoomService;
  /** Every change to a printer (status, add, edit, retire), recorded in printer_changes. */
  printerAdmin: PrinterAdminService;
  printJobs: PrintJobsService;
  /** Where queued jobs stand: positions and estimated starts from each printer's fitted speed. */
  queueEstimate: QueueEstimateService;
  /** Release at the printer: stations and their codes, release, extend, move, the expiry of held jobs. */
  release: ReleaseService;
  payments: PaymentsService;
  paymentGateways: PaymentGateways;
  conversations: ConversationsService;
  /** The notices of staff and officers (written by the modules whose changes they report). */
  notices: NoticesService;
  /** Web Push to students' phones: the VAPID keys, the browsers' subscriptions, the sending. */
  push: PushService;
  /** The officers' system configuration (their own password confirms a change). */
  systemConfig: SystemConfigService;
  /** Students' activity for the officers, and their page adjustments. */
  studentActivity: StudentActivityService;
}

export interface ServicesPluginOptions {
  /** The payments' clock (tests move it). */
  paymentsNow?: () => Date;
  /** The chat rate limit's clock, in milliseconds (tests hold it still). */
  chatNow?: () => number;
  /** The shared answers' expiry (the printer list, users' information); default theirs. */
  cacheTtlMs?: number;
  /** The clock of held jobs, station codes and their rate limits (tests move it). */
  releaseNow?: () => Date;
  /** What this machine can do with documents (LibreOffice present or not). */
  documents: DocumentTools;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * Builds the services once, with what they share (database, tokens, ended sessions, the domain event
 * bus), and decorates the app with them (`app.services`).
 */
export default fp<ServicesPluginOptions>(
  async (app, options) => {
    const { db, events, appConfig: config } = app;
    const paymentGateways = await buildGateways(db, config);
    const { documents } = options;
    // one converter for the process: its queue bounds every upload's conversions together
    const converter = documents.soffice
      ? new OfficeConverter({
          soffice: documents.soffice,
          sandbox: documents.sandbox,
          limits: config.conversion,
          log: app.log,
        })
      : null;
    const queueEstimate = createQueueEstimateService({ db, events });
    const printers = createPrintersService({
      db,
      events,
      officeApps: documents.officeApps,
      queueEstimate,
      printerCacheTtlMs: options.cacheTtlMs,
    });
    const printJobs = createPrintJobsService({
      db,
      events,
      documents,
      uploadDir: uploadDirOf(config),
      pageCount: { converter },
      now: options.releaseNow,
      queueEstimate,
    });
    // reads (or stores, once for every instance) the VAPID keys
    const push = await createPushService({ db, config: config.push, log: app.log });
    const auth = createAuthService({ db, tokens: app.tokens, config, log: app.log, sessions: app.sessions, events });
    app.decorate('services', {
      auth,
      schoolSignIn: createSchoolSignInService({ db, config, auth, events, log: app.log }),
      users: createUsersService({ db, events, informationTtlMs: options.cacheTtlMs }),
      accounts: createAccountsService({ db, config, auth, events }),
      printers,
      printerRoom: createPrinterRoomService(db, printers, queueEstimate),
      printerAdmin: createPrinterAdminService({
        db,
        events,
        printers,
        allowSelfSigned: config.printers.allowSelfSigned,
      }),
      printJobs,
      queueEstimate,
      release: createReleaseService({ db, events, printJobs, now: options.releaseNow }),
      payments: createPaymentsService({
        db,
        ...paymentGateways,
        now: options.paymentsNow ?? (() => new Date()),
        callbackGraceMs: config.paymentCallbackGraceMs,
        log: app.log,
        events,
      }),
      paymentGateways,
      conversations: createConversationsService(db, events, options.chatNow),
      notices: createNoticesService(db, events),
      push,
      systemConfig: createSystemConfigService({ db, events, config, officeApps: documents.officeApps }),
      studentActivity: createStudentActivityService(db, events),
    } satisfies Services);
  },
  { name: 'services', dependencies: ['db', 'auth', 'events'] },
);
