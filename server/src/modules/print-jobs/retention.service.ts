import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { readConfigInForce } from '../system-config/system-config.service';
import { claimExpiredFiles } from './print-jobs.repository';

/** Documents claimed per statement (a run repeats until none is left, at most MAX_BATCHES times). */
export const PURGE_BATCH = 500;
const MAX_BATCHES = 200;

/** What one purge did. */
export interface PurgeResult {
  /** Documents whose file was claimed (their row keeps the history, storage_path NULL). */
  purged: number;
  /** Of those, files already gone from the upload folder (removed by hand, or a crash mid-purge). */
  missing: number;
}

export interface RetentionServiceDeps {
  db: Db;
  /** Where the stored files are (documents.storage_path is a name in it). */
  uploadDir: string;
}

export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * The retention of uploaded files: a document's stored file (the upload, or the PDF converted from it)
 * is deleted once every job printing it ended more than the officers' retention period ago; the
 * document and its jobs stay, so the history still lists them (name, pages, cost, status).
 */
export function createRetentionService({ db, uploadDir }: RetentionServiceDeps) {
  /** Deletes one stored file; false when it was already gone. A name is only ever a name in the folder. */
  async function removeStored(name: string): Promise<boolean> {
    try {
      await fs.promises.unlink(path.join(uploadDir, path.basename(name)));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  return {
    /**
     * Purges the files past retention at `at`: the rows are claimed first (one UPDATE … RETURNING, so two
     * instances never claim the same one), then the files deleted; a file already missing is fine. A job
     * still Queued or InProgress keeps its document's file, whatever its age.
     */
    async purgeExpiredFiles(at: Date): Promise<PurgeResult> {
      const { retention_hours: hours } = await readConfigInForce(db);
      const cutoff = new Date(at.getTime() - hours * 3_600_000);
      const result: PurgeResult = { purged: 0, missing: 0 };
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const claimed = await claimExpiredFiles(db, cutoff, PURGE_BATCH);
        for (const file of claimed) {
          result.purged += 1;
          if (!(await removeStored(file.storage_path))) result.missing += 1;
        }
        if (claimed.length < PURGE_BATCH) break;
      }
      return result;
    },
  };
}
