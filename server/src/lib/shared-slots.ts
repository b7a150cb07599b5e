import type { Db } from '../db';

export interface SharedSlotsOptions {
  /** This instance's name, written on its rows (what an operator reads when one is left behind). */
  instanceId: string;
  /**
   * A row not renewed for this long belongs to an instance that died mid-upload: no longer counted (and
   * removed). Live rows are renewed every third of it.
   */
  staleMs: number;
}

/** The answer of acquire: the slot and how to give it back, or how many the owner already holds. */
export type SlotAnswer = { ok: true; release: () => Promise<void> } | { ok: false; held: number };

/**
 * Slots per owner (a student's print uploads being received) shared by every instance on the database:
 * a row per slot in uploads_in_flight, counted and taken under an advisory transaction lock per owner, so
 * two uploads of one student reaching two instances at once meet one cap. A slot is given back (its row
 * deleted) when the upload ends however it ends; the rows of an instance that died stop counting once
 * they have not been renewed for `staleMs`.
 */
export class SharedSlots {
  private readonly live = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: SharedSlotsOptions,
  ) {}

  /** One slot of `ownerId`'s, unless `max` are already held (on any instance). */
  async acquire(ownerId: string, max: number): Promise<SlotAnswer> {
    const staleSeconds = this.options.staleMs / 1000;
    const taken = await this.db.tx(async (t) => {
      // one owner's count and insert happen one instance at a time (the schema keeps test schemas apart)
      await t.query(
        `SELECT pg_advisory_xact_lock(hashtext('smart-printing:upload-slot:' || $1 || ':' || coalesce(current_schema(), '')))`,
        [ownerId],
      );
      await t.query(
        'DELETE FROM uploads_in_flight WHERE user_id = $1 AND seen_at < now() - make_interval(secs => $2)',
        [ownerId, staleSeconds],
      );
      const row = await t.one<{ held: number }>(
        'SELECT count(*)::int AS held FROM uploads_in_flight WHERE user_id = $1',
        [ownerId],
      );
      const held = row?.held ?? 0;
      if (held >= max) return { held, id: null };
      const inserted = await t.one<{ id: string }>(
        'INSERT INTO uploads_in_flight (user_id, instance_id) VALUES ($1, $2) RETURNING id',
        [ownerId, this.options.instanceId],
      );
      return { held, id: inserted?.id ?? null };
    });
    if (taken.id === null) return { ok: false, held: taken.held };
    const id = taken.id;
    this.live.add(id);
    this.startRenewing();
    let released = false;
    return {
      ok: true,
      release: async () => {
        if (released) return;
        released = true;
        this.live.delete(id);
        await this.db.query('DELETE FROM uploads_in_flight WHERE id = $1', [id]);
      },
    };
  }

  /** Slots this instance holds now (for tests). */
  get held(): number {
    return this.live.size;
  }

  /** Stops renewing (the instance closes; its uploads have ended or their rows go stale). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private startRenewing(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.live.size === 0) {
        this.stop();
        return;
      }
      // a renewal that fails is tried again at the next tick, well within staleMs
      this.db
        .query('UPDATE uploads_in_flight SET seen_at = now() WHERE id = ANY($1::uuid[])', [[...this.live]])
        .catch(() => undefined);
    }, this.options.staleMs / 3);
    this.timer.unref();
  }
}
