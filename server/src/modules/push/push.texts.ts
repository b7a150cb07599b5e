import type { PushKind, PushMessage } from 'shared-api/contracts';

/**
 * The texts of pushes, plain text (a notification shows no markup), in the language the browser's portal
 * was in when it subscribed. The page opened by a click is the student's history.
 */

export type PushLang = 'vi' | 'en';

const HISTORY_URL = '/#/History';
/** A file name is the student's own text: long names are cut so the notification stays readable. */
const TITLE_MAX = 80;

const cut = (title: string) => (title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title);

const WORDS = {
  vi: {
    completed: {
      title: 'Đã in xong',
      body: (t: string, p: string) => `Tệp "${t}" đã in xong tại máy in ${p}. Mời bạn đến lấy.`,
    },
    refunded: {
      title: 'Lệnh in không hoàn thành',
      body: (t: string, p: string, why: string, pages: number) =>
        `Tệp "${t}" tại máy in ${p}: ${why}. Đã hoàn ${pages} trang vào số dư của bạn.`,
    },
    expired: 'không được nhận tại máy in trước hạn',
    short: (printed: string, sheets: string) => `máy in chỉ in được ${printed}/${sheets} tờ`,
    expiring: {
      title: 'Lệnh in sắp hết hạn',
      body: (t: string, p: string, minutes: number) =>
        `Tệp "${t}" đang chờ bạn tại máy in ${p} sẽ hết hạn sau ${minutes} phút. Hãy đến nhận hoặc gia hạn.`,
    },
  },
  en: {
    completed: {
      title: 'Printed',
      body: (t: string, p: string) => `"${t}" has been printed at printer ${p}. Please collect it.`,
    },
    refunded: {
      title: 'Print job not completed',
      body: (t: string, p: string, why: string, pages: number) =>
        `"${t}" at printer ${p}: ${why}. ${pages} page(s) were returned to your balance.`,
    },
    expired: 'not released at the printer in time',
    short: (printed: string, sheets: string) => `the printer printed only ${printed} of ${sheets} sheets`,
    expiring: {
      title: 'Print job about to expire',
      body: (t: string, p: string, minutes: number) =>
        `"${t}" waiting for you at printer ${p} expires in ${minutes} min. Release it at the printer or extend it.`,
    },
  },
};

function message(kind: PushKind, jobId: string, title: string, body: string): PushMessage {
  return { kind, title, body, url: HISTORY_URL, tag: `${kind}:${jobId}` };
}

export function completedPush(
  job: { printingLogId: string; printerId: string; title: string },
  lang: PushLang,
): PushMessage {
  const words = WORDS[lang].completed;
  return message('job-completed', job.printingLogId, words.title, words.body(cut(job.title), job.printerId));
}

/**
 * A job ended and refunded: the reason as the dispatcher or the expiry recorded it ('expired', 'printed
 * 3/5' for a short print), in the reader's words; any other reason (a device's message) as it is.
 */
export function refundedPush(
  job: { printingLogId: string; printerId: string; title: string; pages: number; reason: string },
  lang: PushLang,
): PushMessage {
  const words = WORDS[lang];
  const short = /^printed (\d+)\/(\d+)$/.exec(job.reason);
  const why =
    job.reason === 'expired' ? words.expired : short ? words.short(short[1] ?? '', short[2] ?? '') : job.reason;
  return message(
    'job-refunded',
    job.printingLogId,
    words.refunded.title,
    words.refunded.body(cut(job.title), job.printerId, why, job.pages),
  );
}

export function expiringPush(
  job: { printingLogId: string; printerId: string; title: string; minutes: number },
  lang: PushLang,
): PushMessage {
  const words = WORDS[lang].expiring;
  return message(
    'job-expiring',
    job.printingLogId,
    words.title,
    words.body(cut(job.title), job.printerId, job.minutes),
  );
}
