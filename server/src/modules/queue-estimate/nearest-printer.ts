import type { Location } from 'shared-api/contracts';

/** A printer as the suggestion weighs it. */
export interface PrinterWait {
  printerId: string;
  location: Location;
  /** Minutes until a job sent now would start; null: unknown (the printer cannot print now). */
  waitMinutes: number | null;
  /** Enabled, in service, and its device (if any) takes jobs. */
  healthy: boolean;
}

/** The floor of a room numbered like the campus's rooms ('109' is on floor 1, '1203' on 12); null if not a number. */
function floorAndNumber(room: string): { floor: number; number: number } | null {
  const number = /^\d+$/.test(room.trim()) ? Number(room.trim()) : Number.NaN;
  if (!Number.isFinite(number)) return null;
  return { floor: Math.floor(number / 100), number };
}

/**
 * How far `candidate` is from `from` inside one building, as a sortable tuple: the same room first
 * (0), then the fewest floors away, then the closest room number on that floor (rooms are numbered
 * along the corridor). A room that is not a number sorts after every numbered one.
 */
function distance(from: Location, candidate: Location): [number, number, number] {
  if (candidate.room === from.room) return [0, 0, 0];
  const a = floorAndNumber(from.room);
  const b = floorAndNumber(candidate.room);
  if (!a || !b) return [1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  return [1, Math.abs(a.floor - b.floor), Math.abs(a.number - b.number)];
}

/**
 * The printer to suggest instead of `target` (whose queue is long): the nearest healthy printer of the
 * same building (same facility and department) whose wait is known and shorter; "nearest" as
 * `distance` says, a shorter wait and then the id breaking ties. null when none is.
 */
export function nearestShorterPrinter(target: PrinterWait, printers: readonly PrinterWait[]): PrinterWait | null {
  if (target.waitMinutes === null) return null;
  const targetWait = target.waitMinutes;
  const candidates = printers.filter(
    (p) =>
      p.printerId !== target.printerId &&
      p.healthy &&
      p.location.facility === target.location.facility &&
      p.location.department === target.location.department &&
      p.waitMinutes !== null &&
      p.waitMinutes < targetWait,
  );
  const keyOf = (p: PrinterWait) => [...distance(target.location, p.location), p.waitMinutes ?? 0];
  candidates.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    for (let i = 0; i < ka.length; i += 1) {
      const diff = (ka[i] ?? 0) - (kb[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return a.printerId < b.printerId ? -1 : a.printerId > b.printerId ? 1 : 0;
  });
  return candidates[0] ?? null;
}
