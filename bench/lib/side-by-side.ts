// One table of the figures measured on each database driver of the run (issue 22, point 4):
// figure | PGlite | PostgreSQL, in the order the figures were first seen.
import { DRIVER_LABEL, type DbDriver } from './database';

/** A benchmark's figures as [figure, value] lines. */
export type FigureRows = [figure: string, value: string][];

export class SideBySide {
  private readonly order: string[] = [];
  private readonly values = new Map<string, Partial<Record<DbDriver, string>>>();

  add(driver: DbDriver, rows: FigureRows): void {
    for (const [figure, value] of rows) {
      if (!this.values.has(figure)) {
        this.order.push(figure);
        this.values.set(figure, {});
      }
      (this.values.get(figure) as Partial<Record<DbDriver, string>>)[driver] = value;
    }
  }

  /** A Markdown table (pasteable into bench/RESULTS.md); nothing when no figure was added. */
  print(drivers: readonly DbDriver[]): void {
    if (this.order.length === 0) return;
    console.log(`\n== Side by side: ${drivers.map((d) => DRIVER_LABEL[d]).join(' | ')} ==`);
    console.log(`| figure | ${drivers.map((d) => DRIVER_LABEL[d]).join(' | ')} |`);
    console.log(`|---|${drivers.map(() => '---').join('|')}|`);
    for (const figure of this.order) {
      const row = this.values.get(figure) ?? {};
      console.log(`| ${figure} | ${drivers.map((d) => row[d] ?? '—').join(' | ')} |`);
    }
  }
}
