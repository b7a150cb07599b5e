import fs from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReportFileFormat, ReportResponse } from 'shared-api/contracts';
import { fileTexts, periodTitle } from './report-texts';

/**
 * A stored report as a file: CSV (UTF-8 with a BOM, so that a spreadsheet opens it with its Vietnamese
 * intact; totals, averages, then the printer rows) or PDF (a printable A4 table in DejaVu Sans, which has
 * every Vietnamese glyph; the table runs over as many pages as its rows need, the header repeated).
 */

export interface ReportFileMeta {
  year: number;
  month: number | null;
  /** ISO 8601 UTC. */
  generatedAt: string;
}

type Figures = Omit<ReportResponse, 'years'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'bao-cao-2026-10.csv', 'bao-cao-2026.pdf'. */
export function reportFileName(meta: Pick<ReportFileMeta, 'year' | 'month'>, format: ReportFileFormat): string {
  return `bao-cao-${meta.year}${meta.month === null ? '' : `-${pad(meta.month)}`}.${format}`;
}

/** '23/11/2026 15:04 (giờ Việt Nam)' for an ISO instant. */
export function vietnamTimeText(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  return (
    `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${fileTexts.vietnamTime}`
  );
}

const decimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

// ---- CSV ----

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; text that a spreadsheet would
 * run as a formula (= + - @ at the start) is prefixed with an apostrophe.
 */
function csvField(value: string | number): string {
  if (typeof value === 'number') return decimal(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | number)[]) => fields.map(csvField).join(',');

export function renderReportCsv(meta: ReportFileMeta, report: Figures): Buffer {
  const c = fileTexts.columns;
  const lines = [
    csvLine([fileTexts.title]),
    csvLine([fileTexts.period, periodTitle(meta.year, meta.month)]),
    csvLine([fileTexts.generatedAt, vietnamTimeText(meta.generatedAt)]),
    '',
    csvLine([fileTexts.totals]),
    csvLine([fileTexts.totalPages, report.total_pages]),
    csvLine([fileTexts.totalA4, report.total_A4]),
    csvLine([fileTexts.totalA3, report.total_A3]),
    csvLine([fileTexts.totalPrinted, report.total_Printed]),
    csvLine([fileTexts.printerCount, report.printerCount]),
    '',
    csvLine([fileTexts.averages]),
    csvLine([fileTexts.avgA4, report.avg_A4]),
    csvLine([fileTexts.avgA3, report.avg_A3]),
    csvLine([fileTexts.avgPrinted, report.avg_Printed]),
    '',
    csvLine([c.date, c.printerId, c.facility, c.department, c.room, c.printed, c.totalA3Pages, c.totalA4Pages]),
    ...report.all_printers.map((row) =>
      csvLine([
        row.date,
        row.printerId,
        row.location.facility,
        row.location.department,
        row.location.room,
        row.printed,
        row.totalA3Pages,
        row.totalA4Pages,
      ]),
    ),
  ];
  // RFC 4180 line ends; the BOM tells spreadsheets the file is UTF-8
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---- PDF ----

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const ROW_HEIGHT = 18;
const TABLE_TOP_FIRST = 540;
const TABLE_TOP_NEXT = A4[1] - MARGIN - 10;
const TABLE_BOTTOM = MARGIN + 28;

/** Printer rows the first page holds (below the title, totals and averages), and each later page. */
export const PDF_ROWS_FIRST_PAGE = Math.floor((TABLE_TOP_FIRST - ROW_HEIGHT - TABLE_BOTTOM) / ROW_HEIGHT);
export const PDF_ROWS_NEXT_PAGES = Math.floor((TABLE_TOP_NEXT - ROW_HEIGHT - TABLE_BOTTOM) / ROW_HEIGHT);

/** Pages a report with this many printer rows takes. */
export function pdfPageCount(rows: number): number {
  return rows <= PDF_ROWS_FIRST_PAGE ? 1 : 1 + Math.ceil((rows - PDF_ROWS_FIRST_PAGE) / PDF_ROWS_NEXT_PAGES);
}

const COLUMNS: { key: keyof typeof fileTexts.columns; width: number; right?: boolean }[] = [
  { key: 'date', width: 62 },
  { key: 'printerId', width: 92 },
  { key: 'facility', width: 48 },
  { key: 'department', width: 44 },
  { key: 'room', width: 52 },
  { key: 'printed', width: 66, right: true },
  { key: 'totalA3Pages', width: 67, right: true },
  { key: 'totalA4Pages', width: 68, right: true },
];

let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** DejaVu Sans from the pinned npm package, read once. */
function fontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  fonts ??= {
    regular: new Uint8Array(fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
    bold: new Uint8Array(fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
  };
  return fonts;
}

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const HEADER_FILL = rgb(0.9, 0.93, 0.98);

export async function renderReportPdf(meta: ReportFileMeta, report: Figures): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const title = `${fileTexts.title} — ${periodTitle(meta.year, meta.month)}`;
  doc.setTitle(title);
  doc.setCreator(fileTexts.service);
  doc.setCreationDate(new Date(meta.generatedAt));

  const text = (page: PDFPage, value: string, x: number, y: number, size: number, font: PDFFont = regular) =>
    page.drawText(value, { x, y, size, font, color: INK });
  const textRight = (page: PDFPage, value: string, right: number, y: number, size: number, font: PDFFont = regular) =>
    page.drawText(value, { x: right - font.widthOfTextAtSize(value, size), y, size, font, color: INK });

  // ---- the first page: title, period, totals and averages ----
  const first = doc.addPage(A4);
  let y = A4[1] - MARGIN - 10;
  text(first, fileTexts.title, MARGIN, y, 20, bold);
  y -= 20;
  first.drawText(fileTexts.service, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
  y -= 26;
  text(first, `${fileTexts.period}: ${periodTitle(meta.year, meta.month)}`, MARGIN, y, 12, bold);
  y -= 16;
  text(first, `${fileTexts.generatedAt}: ${vietnamTimeText(meta.generatedAt)}`, MARGIN, y, 10);
  y -= 30;

  const block = (heading: string, items: [string, number][], x: number, top: number) => {
    text(first, heading, x, top, 11, bold);
    let line = top - 18;
    for (const [label, value] of items) {
      text(first, label, x, line, 9.5);
      textRight(first, decimal(value), x + 235, line, 9.5, bold);
      line -= 15;
    }
  };
  block(
    fileTexts.totals,
    [
      [fileTexts.totalPages, report.total_pages],
      [fileTexts.totalA4, report.total_A4],
      [fileTexts.totalA3, report.total_A3],
      [fileTexts.totalPrinted, report.total_Printed],
      [fileTexts.printerCount, report.printerCount],
    ],
    MARGIN,
    y,
  );
  block(
    fileTexts.averages,
    [
      [fileTexts.avgA4, report.avg_A4],
      [fileTexts.avgA3, report.avg_A3],
      [fileTexts.avgPrinted, report.avg_Printed],
    ],
    MARGIN + 265,
    y,
  );
  first.drawText(fileTexts.definitions, {
    x: MARGIN,
    y: TABLE_TOP_FIRST + 40,
    size: 8,
    font: regular,
    color: MUTED,
    maxWidth: A4[0] - 2 * MARGIN,
    lineHeight: 10,
  });
  text(first, fileTexts.rows, MARGIN, TABLE_TOP_FIRST + 8, 11, bold);

  // ---- the table, over as many pages as it needs ----
  const header = (page: PDFPage, top: number) => {
    page.drawRectangle({
      x: MARGIN,
      y: top - ROW_HEIGHT,
      width: A4[0] - 2 * MARGIN,
      height: ROW_HEIGHT,
      color: HEADER_FILL,
    });
    let x = MARGIN + 4;
    for (const column of COLUMNS) {
      const label = fileTexts.columns[column.key];
      if (column.right) textRight(page, label, x + column.width - 8, top - 13, 8.5, bold);
      else text(page, label, x, top - 13, 8.5, bold);
      x += column.width;
    }
    return top - ROW_HEIGHT;
  };

  const rows = report.all_printers;
  const pages: PDFPage[] = [first];
  let page = first;
  let cursor = header(first, TABLE_TOP_FIRST);
  if (rows.length === 0) {
    first.drawText(fileTexts.noRows, { x: MARGIN + 4, y: cursor - 13, size: 9, font: regular, color: MUTED });
  }
  for (const row of rows) {
    if (cursor - ROW_HEIGHT < TABLE_BOTTOM) {
      page = doc.addPage(A4);
      pages.push(page);
      cursor = header(page, TABLE_TOP_NEXT);
    }
    const values: Record<keyof typeof fileTexts.columns, string> = {
      date: row.date,
      printerId: row.printerId,
      facility: row.location.facility,
      department: row.location.department,
      room: row.location.room,
      printed: String(row.printed),
      totalA3Pages: String(row.totalA3Pages),
      totalA4Pages: String(row.totalA4Pages),
    };
    let x = MARGIN + 4;
    for (const column of COLUMNS) {
      const value = values[column.key];
      if (column.right) textRight(page, value, x + column.width - 8, cursor - 13, 9);
      else text(page, value, x, cursor - 13, 9);
      x += column.width;
    }
    page.drawLine({
      start: { x: MARGIN, y: cursor - ROW_HEIGHT },
      end: { x: A4[0] - MARGIN, y: cursor - ROW_HEIGHT },
      thickness: 0.5,
      color: RULE,
    });
    cursor -= ROW_HEIGHT;
  }

  // ---- footers: the period and the page number ----
  pages.forEach((p, index) => {
    p.drawText(`${fileTexts.title} — ${periodTitle(meta.year, meta.month)}`, {
      x: MARGIN,
      y: MARGIN - 10,
      size: 8,
      font: regular,
      color: MUTED,
    });
    const label = fileTexts.page(index + 1, pages.length);
    p.drawText(label, {
      x: A4[0] - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: MARGIN - 10,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return Buffer.from(await doc.save());
}
