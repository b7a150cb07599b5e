import fs from 'node:fs';
import type { PrinterProbeResponse } from 'shared-api/contracts';
import {
  DeviceBusyError,
  DeviceUnreachableError,
  PrintDriverError,
  type DeviceJobRef,
  type DeviceJobStatus,
  type PrinterDriver,
  type PrintJob,
} from '../driver';
import {
  capabilitiesOf,
  deviceStateOf,
  documentFormatOf,
  ippJobAttributes,
  jobStatusOf,
  stateReasonsOf,
  type DeviceCapabilities,
} from './ipp-attributes';
import { groupOf, groupsOf, ippCall, IppStatusError, IppUnreachableError, type IppRequestOptions } from './ipp-client';

export interface IppDriverOptions {
  /** Deadline of one send (the document's upload included). */
  sendDeadlineMs?: number;
  /** Deadline of a look (job or printer attributes, cancel). */
  lookDeadlineMs?: number;
  /** Files larger than this go by Create-Job + Send-Document when the device has them. */
  largeFileBytes?: number;
  /** How long the dispatcher waits between two looks at a job on the device. */
  followMs?: number;
  allowSelfSigned?: boolean;
}

/** What a device said of itself: its state, reasons and what it can do. */
export interface DeviceReadingAnswer {
  state: 'idle' | 'processing' | 'stopped';
  reasons: string[];
  capabilities: DeviceCapabilities;
}

/** What the monitor and the connection test read of a printer (not 'all': a device answers kilobytes more). */
const PRINTER_ATTRIBUTES = [
  'printer-state',
  'printer-state-reasons',
  'printer-make-and-model',
  'printer-info',
  'media-supported',
  'sides-supported',
  'print-color-mode-supported',
  'document-format-supported',
  'number-up-supported',
  'copies-supported',
  'page-ranges-supported',
  'orientation-requested-supported',
  'operations-supported',
];

/** IPP statuses that mean "not now", not "never": the job stays queued. */
const TRY_LATER = new Set([
  'server-error-busy',
  'server-error-service-unavailable',
  'server-error-temporary-error',
  'server-error-not-accepting-jobs',
  'server-error-job-canceled',
]);

/**
 * The name a job carries on the device: ours, not the student's (nothing personal reaches the printer's
 * job list), and how a job whose send was cut short is found again before it is sent a second time.
 */
export function deviceUserName(jobId: string): string {
  return `sp-${jobId.replace(/-/g, '')}`;
}

/**
 * A printer reached over IPP (IPP Everywhere devices, CUPS queues): sends the job's file with its
 * options as job attributes, follows it by Get-Job-Attributes, cancels it by Cancel-Job.
 */
export class IppDriver implements PrinterDriver {
  readonly kind = 'ipp';
  private readonly sendDeadlineMs: number;
  private readonly lookDeadlineMs: number;
  private readonly largeFileBytes: number;
  readonly followMs: number;

  constructor(
    readonly uri: string,
    private readonly options: IppDriverOptions = {},
  ) {
    this.sendDeadlineMs = options.sendDeadlineMs ?? 120_000;
    this.lookDeadlineMs = options.lookDeadlineMs ?? 20_000;
    this.largeFileBytes = options.largeFileBytes ?? 16 * 1_048_576;
    this.followMs = options.followMs ?? 2_000;
  }

  private call(operation: string, message: Record<string, unknown>, request: IppRequestOptions) {
    return ippCall(this.uri, operation, message, { allowSelfSigned: this.options.allowSelfSigned, ...request }).catch(
      (error: unknown) => {
        if (request.signal?.aborted) throw error;
        if (error instanceof IppUnreachableError) throw new DeviceUnreachableError(error.message);
        if (error instanceof IppStatusError) {
          if (error.statusCode === 'server-error-busy') throw new DeviceBusyError(error.message);
          if (TRY_LATER.has(error.statusCode)) throw new DeviceUnreachableError(error.message);
          throw new PrintDriverError(`Máy in từ chối yêu cầu (${error.message})`);
        }
        throw error;
      },
    );
  }

  async send(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef> {
    if (!job.filePath) throw new PrintDriverError('Tệp của yêu cầu in không còn trên máy chủ');
    const size = (await fs.promises.stat(job.filePath).catch(() => null))?.size;
    if (size === undefined) throw new PrintDriverError('Tệp của yêu cầu in không còn trên máy chủ');
    const operation = {
      'requesting-user-name': deviceUserName(job.id),
      'job-name': job.title.slice(0, 255),
      'document-format': documentFormatOf(job.fileType),
    };
    const attributes = ippJobAttributes(job.options);
    const request = { deadlineMs: this.sendDeadlineMs, signal };
    let answer;
    if (size > this.largeFileBytes) {
      const created = await this.call(
        'Create-Job',
        {
          'operation-attributes-tag': {
            'requesting-user-name': operation['requesting-user-name'],
            'job-name': operation['job-name'],
          },
          'job-attributes-tag': attributes,
        },
        { deadlineMs: this.lookDeadlineMs, signal },
      );
      const jobId = Number(groupOf(created, 'job-attributes-tag')['job-id']);
      answer = await this.call(
        'Send-Document',
        {
          'operation-attributes-tag': {
            'job-id': jobId,
            'requesting-user-name': operation['requesting-user-name'],
            'document-format': operation['document-format'],
            'last-document': true,
          },
        },
        { ...request, document: fs.createReadStream(job.filePath) },
      );
      if (!groupOf(answer, 'job-attributes-tag')['job-id']) answer = created;
    } else {
      answer = await this.call(
        'Print-Job',
        { 'operation-attributes-tag': operation, 'job-attributes-tag': attributes },
        { ...request, document: fs.createReadStream(job.filePath) },
      );
    }
    const accepted = groupOf(answer, 'job-attributes-tag');
    const ref: DeviceJobRef = {
      id: Number(accepted['job-id']),
      uuid: typeof accepted['job-uuid'] === 'string' ? accepted['job-uuid'] : null,
      uri: typeof accepted['job-uri'] === 'string' ? accepted['job-uri'] : null,
    };
    if (!Number.isInteger(ref.id) || ref.id <= 0) throw new PrintDriverError('Máy in không trả về mã yêu cầu in');
    if (ref.uuid === null) {
      // Print-Job answers need not carry the uuid: one look for it (a restarted device reuses ids)
      const look = await this.jobAttributes(ref.id, operation['requesting-user-name'], signal).catch(() => null);
      if (look && typeof look['job-uuid'] === 'string') ref.uuid = look['job-uuid'];
    }
    return ref;
  }

  private async jobAttributes(
    jobId: number,
    userName: string,
    signal: AbortSignal,
  ): Promise<Record<string, unknown> | null> {
    try {
      const answer = await this.call(
        'Get-Job-Attributes',
        {
          'operation-attributes-tag': {
            'job-id': jobId,
            // the job's own name: a CUPS queue shows a job's details (and lets it be cancelled) to its owner
            'requesting-user-name': userName,
            'requested-attributes': [
              'job-id',
              'job-uuid',
              'job-state',
              'job-state-reasons',
              'job-state-message',
              'job-impressions-completed',
              'job-originating-user-name',
            ],
          },
        },
        { deadlineMs: this.lookDeadlineMs, signal },
      );
      return groupOf(answer, 'job-attributes-tag');
    } catch (error) {
      // the device does not know the job (client-error-not-found): it restarted and lost it
      if (error instanceof PrintDriverError && error.message.includes('not-found')) return null;
      throw error;
    }
  }

  async status(job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<DeviceJobStatus> {
    const attributes = await this.jobAttributes(ref.id, deviceUserName(job.id), signal);
    if (!attributes) return { state: 'lost' };
    // after a restart the device numbers jobs from 1 again: the same id may be another job
    if (ref.uuid && typeof attributes['job-uuid'] === 'string' && attributes['job-uuid'] !== ref.uuid)
      return { state: 'lost' };
    return jobStatusOf(attributes);
  }

  async find(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef | null> {
    const answer = await this.call(
      'Get-Jobs',
      {
        'operation-attributes-tag': {
          // as the job's owner: a CUPS queue hides the owner's name of other users' jobs from a stranger
          'requesting-user-name': deviceUserName(job.id),
          'which-jobs': 'all',
          'requested-attributes': ['job-id', 'job-uuid', 'job-uri', 'job-originating-user-name', 'job-state'],
        },
      },
      { deadlineMs: this.lookDeadlineMs, signal },
    );
    const name = deviceUserName(job.id);
    const mine = groupsOf(answer, 'job-attributes-tag')
      .filter((attributes) => attributes['job-originating-user-name'] === name)
      .sort((a, b) => Number(b['job-id']) - Number(a['job-id']));
    const found = mine[0];
    if (!found) return null;
    return {
      id: Number(found['job-id']),
      uuid: typeof found['job-uuid'] === 'string' ? found['job-uuid'] : null,
      uri: typeof found['job-uri'] === 'string' ? found['job-uri'] : null,
    };
  }

  async cancel(job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<void> {
    try {
      await this.call(
        'Cancel-Job',
        // as the job's owner: CUPS lets only the owner (or an administrator) cancel a job
        { 'operation-attributes-tag': { 'job-id': ref.id, 'requesting-user-name': deviceUserName(job.id) } },
        { deadlineMs: this.lookDeadlineMs, signal },
      );
    } catch (error) {
      // already ended or gone: nothing left to cancel
      if (error instanceof PrintDriverError) return;
      throw error;
    }
  }

  nextLookMs(): number {
    return this.followMs;
  }

  /** Get-Printer-Attributes: the device's state, reasons and what it can do. */
  async read(signal: AbortSignal, deadlineMs = this.lookDeadlineMs): Promise<DeviceReadingAnswer> {
    const answer = await this.call(
      'Get-Printer-Attributes',
      { 'operation-attributes-tag': { 'requested-attributes': PRINTER_ATTRIBUTES } },
      { deadlineMs, signal },
    );
    const printer = groupOf(answer, 'printer-attributes-tag');
    return { state: deviceStateOf(printer), reasons: stateReasonsOf(printer), capabilities: capabilitiesOf(printer) };
  }
}

/** POST /v1/spso/printer/probe's answer from a reading. */
export function probeAnswer(reading: DeviceReadingAnswer): PrinterProbeResponse {
  return {
    makeAndModel: reading.capabilities.makeAndModel,
    state: reading.state,
    stateReasons: reading.reasons,
    media: reading.capabilities.media,
    sides: reading.capabilities.sides,
    colorModes: reading.capabilities.colorModes,
    formats: reading.capabilities.formats,
  };
}
