/**
 * Versioned migrations, applied in order at start and recorded in schema_migrations.
 * Never edit an applied migration: add a new one. SQL must run on PostgreSQL 15 (PGlite is 18).
 */
import { foldTranslateArgs, orderTranslateArgs, sqlLiteral } from '../lib/vietnamese';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const initialSchema = /* sql */ `
CREATE TABLE users (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email          text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  password_hash  text NOT NULL,
  role           text NOT NULL CHECK (role IN ('student', 'staff', 'spso')),
  mssv           text,
  first_name     text NOT NULL DEFAULT '',
  last_name      text NOT NULL DEFAULT '',
  major          text,
  classes        text,
  -- where a staff member works (notices and chat contacts show it)
  facility       text CHECK (facility IN ('CS1', 'CS2')),
  department     text,
  room           text,
  -- A4 pages; always equals the sum of this user's page_ledger deltas
  balance        integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  is_active      boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_mssv_key ON users (mssv) WHERE mssv IS NOT NULL;
CREATE INDEX users_role_name_idx ON users (role, last_name, first_name);

CREATE TABLE refresh_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- one login = one family; a replayed token revokes the whole family
  family_id    uuid NOT NULL,
  token_hash   text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  revoked_at   timestamptz,
  replaced_by  uuid,
  ip           text,
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

CREATE TABLE login_failures (
  id     bigserial PRIMARY KEY,
  email  text NOT NULL,
  ip     text NOT NULL,
  at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (email, at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at);

CREATE TABLE printers (
  printer_id      text PRIMARY KEY CHECK (length(printer_id) BETWEEN 1 AND 64),
  brand           text NOT NULL DEFAULT '',
  model           text NOT NULL DEFAULT '',
  description     text NOT NULL DEFAULT '',
  facility        text NOT NULL CHECK (facility IN ('CS1', 'CS2')),
  department      text NOT NULL DEFAULT '',
  room            text NOT NULL DEFAULT '',
  status          smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  activated_time  timestamptz,
  -- how the dispatcher reaches the device: the simulator, or IPP (CUPS / IPP Everywhere) at driver_uri
  driver_kind     text NOT NULL DEFAULT 'simulated' CHECK (driver_kind IN ('simulated', 'ipp')),
  driver_uri      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX printers_location_idx ON printers (facility, department, room);

-- one row only (id is always true)
CREATE TABLE system_config (
  id                   boolean PRIMARY KEY DEFAULT true CHECK (id),
  current_balance      integer NOT NULL CHECK (current_balance BETWEEN 1 AND 2000),
  default_balance      integer NOT NULL CHECK (default_balance BETWEEN 1 AND 2000),
  start_date1          date NOT NULL,
  start_date2          date NOT NULL,
  current_a4_price     integer NOT NULL CHECK (current_a4_price BETWEEN 100 AND 1000),
  default_a4_price     integer NOT NULL CHECK (default_a4_price BETWEEN 100 AND 1000),
  current_file_type    text[] NOT NULL,
  default_file_type    text[] NOT NULL,
  is_default           boolean NOT NULL DEFAULT true,
  max_file_bytes       integer NOT NULL DEFAULT 52428800 CHECK (max_file_bytes > 0),
  max_request_bytes    integer NOT NULL DEFAULT 209715200 CHECK (max_request_bytes > 0),
  -- semester grant: 'add' adds current_balance pages, 'topup' raises the balance to current_balance
  grant_policy         text NOT NULL DEFAULT 'add' CHECK (grant_policy IN ('add', 'topup')),
  payment_ttl_minutes  integer NOT NULL DEFAULT 30 CHECK (payment_ttl_minutes > 0),
  updated_by           uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
INSERT INTO system_config (current_balance, default_balance, start_date1, start_date2,
                           current_a4_price, default_a4_price, current_file_type, default_file_type)
VALUES (100, 100, DATE '2026-01-15', DATE '2026-08-15', 500, 500,
        ARRAY['pdf','docx','doc','pptx','xlsx','jpg','jpeg','png','txt'],
        ARRAY['pdf','docx','doc','pptx','xlsx','jpg','jpeg','png','txt']);

CREATE TABLE documents (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title         text NOT NULL,
  file_type     text NOT NULL,
  -- counted by the server, never taken from the client
  pages         integer NOT NULL CHECK (pages >= 0),
  size_bytes    bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  storage_path  text,
  sha256        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_owner_idx ON documents (owner_id, created_at DESC);

-- a print job; the rows with status Queued / InProgress are the printers' queues
CREATE TABLE printing_logs (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  printer_id        text NOT NULL REFERENCES printers (printer_id) ON UPDATE CASCADE,
  document_id       uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'Queued'
                    CHECK (status IN ('Queued', 'InProgress', 'Completed', 'Failed')),
  paper_size        text NOT NULL DEFAULT 'A4' CHECK (paper_size IN ('A4', 'A3')),
  num_version       integer NOT NULL DEFAULT 1 CHECK (num_version BETWEEN 1 AND 999),
  color_option      boolean NOT NULL DEFAULT false,
  landscape_option  boolean NOT NULL DEFAULT false,
  pages_per_sheet   smallint NOT NULL DEFAULT 1 CHECK (pages_per_sheet IN (1, 2, 4)),
  num_sides         smallint NOT NULL DEFAULT 1 CHECK (num_sides IN (1, 2)),
  -- NULL = every page, else e.g. '1-3,5'
  page_ranges       text,
  -- document pages selected for one copy
  selected_pages    integer NOT NULL CHECK (selected_pages >= 0),
  -- sheets of paper_size used: ceil(selected_pages / (pages_per_sheet * num_sides)) * num_version
  total_pages       integer NOT NULL CHECK (total_pages >= 0),
  -- A4 pages charged: total_pages, twice for A3
  cost              integer NOT NULL CHECK (cost >= 0),
  failure_reason    text,
  cancelled_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  finish_date       timestamptz,
  started_at        timestamptz,
  -- dispatcher bookkeeping: which instance holds the job, since when, how many tries
  claimed_by        text,
  claimed_at        timestamptz,
  attempts          integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX printing_logs_user_idx ON printing_logs (user_id, created_at DESC);
CREATE INDEX printing_logs_printer_status_idx ON printing_logs (printer_id, status, created_at);
CREATE INDEX printing_logs_created_idx ON printing_logs (created_at);
CREATE INDEX printing_logs_pending_idx ON printing_logs (created_at) WHERE status IN ('Queued', 'InProgress');

CREATE TABLE page_ledger (
  id             bigserial PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('grant', 'purchase', 'charge', 'refund', 'adjustment')),
  delta          integer NOT NULL,
  balance_after  integer NOT NULL CHECK (balance_after >= 0),
  ref_type       text,
  ref_id         text,
  semester_key   text,
  note           text,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'charge' OR delta <= 0),
  CHECK (kind NOT IN ('grant', 'purchase', 'refund') OR delta >= 0),
  CHECK (kind <> 'grant' OR semester_key IS NOT NULL),
  CHECK (kind NOT IN ('charge', 'refund', 'purchase') OR (ref_type IS NOT NULL AND ref_id IS NOT NULL))
);
CREATE INDEX page_ledger_user_idx ON page_ledger (user_id, created_at DESC);
-- exactly once: one charge and one refund per job, one purchase per payment, one grant per semester
CREATE UNIQUE INDEX page_ledger_charge_once ON page_ledger (ref_type, ref_id) WHERE kind = 'charge';
CREATE UNIQUE INDEX page_ledger_refund_once ON page_ledger (ref_type, ref_id) WHERE kind = 'refund';
CREATE UNIQUE INDEX page_ledger_purchase_once ON page_ledger (ref_type, ref_id) WHERE kind = 'purchase';
CREATE UNIQUE INDEX page_ledger_grant_once ON page_ledger (user_id, semester_key) WHERE kind = 'grant';

CREATE TABLE payments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- running number per student
  stt             integer NOT NULL,
  short_content   text NOT NULL,
  quantity        integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
  unit_price      integer NOT NULL CHECK (unit_price > 0),
  money           integer NOT NULL CHECK (money >= 0),
  paid_money      integer NOT NULL DEFAULT 0 CHECK (paid_money >= 0),
  left_money      integer NOT NULL CHECK (left_money >= 0),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed')),
  expires_at      timestamptz,
  gateway         text NOT NULL DEFAULT 'sandbox',
  gateway_txn_id  text UNIQUE,
  paid_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, stt)
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);
CREATE INDEX payments_pending_idx ON payments (expires_at) WHERE status = 'pending';

CREATE TABLE payment_callbacks (
  id           bigserial PRIMARY KEY,
  payment_id   uuid REFERENCES payments (id) ON DELETE SET NULL,
  gateway      text NOT NULL,
  payload      jsonb NOT NULL,
  valid        boolean NOT NULL,
  reason       text,
  received_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_callbacks_payment_idx ON payment_callbacks (payment_id);

CREATE TABLE notices (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  -- to one user, or to everyone of a role
  receiver_id    uuid REFERENCES users (id) ON DELETE CASCADE,
  receiver_role  text CHECK (receiver_role IN ('student', 'staff', 'spso')),
  facility       text,
  department     text,
  room           text,
  action         text NOT NULL,
  description    text NOT NULL DEFAULT '',
  printer_id     text REFERENCES printers (printer_id) ON DELETE SET NULL ON UPDATE CASCADE,
  -- for a notice to one user; notices to a role keep per-reader state in notice_reads
  seen           boolean NOT NULL DEFAULT false,
  action_time    timestamptz NOT NULL DEFAULT now(),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (receiver_id IS NOT NULL OR receiver_role IS NOT NULL)
);
CREATE INDEX notices_receiver_idx ON notices (receiver_id, created_at DESC);
CREATE INDEX notices_role_idx ON notices (receiver_role, created_at DESC);

CREATE TABLE notice_reads (
  notice_id  uuid NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_reads_user_idx ON notice_reads (user_id);

CREATE TABLE conversations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the two member ids sorted and joined, so a direct conversation exists once
  direct_key       text UNIQUE,
  last_message_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_members (
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at        timestamptz NOT NULL DEFAULT now(),
  last_read_at     timestamptz,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user_idx ON conversation_members (user_id);

CREATE TABLE messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id        uuid REFERENCES users (id) ON DELETE SET NULL,
  text             text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, created_at);

CREATE TABLE app_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * Print counters kept, not counted: printers.printed_count (Completed jobs) and users.printed_a4 /
 * printed_a3 (sheets of Completed jobs by paper size) are maintained by triggers on printing_logs, in
 * the same transaction (the same statement) that makes a job Completed, or changes or deletes a
 * Completed one (a statement trigger for inserts, so a bulk insert adds once per student and
 * printer); backfilled from the existing logs. Pending jobs per printer (the waiting count) are
 * counted through a partial index that holds only Queued and InProgress rows.
 */
const printCounters = /* sql */ `
ALTER TABLE printers ADD COLUMN printed_count integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN printed_a4 integer NOT NULL DEFAULT 0,
                  ADD COLUMN printed_a3 integer NOT NULL DEFAULT 0;

CREATE INDEX printing_logs_pending_printer_idx ON printing_logs (printer_id)
  WHERE status IN ('Queued', 'InProgress');

CREATE FUNCTION printing_logs_count_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- users before printers, always: one lock order
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'Completed' THEN
    UPDATE users
    SET printed_a4 = printed_a4 - CASE WHEN OLD.paper_size = 'A4' THEN OLD.total_pages ELSE 0 END,
        printed_a3 = printed_a3 - CASE WHEN OLD.paper_size = 'A3' THEN OLD.total_pages ELSE 0 END
    WHERE id = OLD.user_id;
    UPDATE printers SET printed_count = printed_count - 1 WHERE printer_id = OLD.printer_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'Completed' THEN
    UPDATE users
    SET printed_a4 = printed_a4 + CASE WHEN NEW.paper_size = 'A4' THEN NEW.total_pages ELSE 0 END,
        printed_a3 = printed_a3 + CASE WHEN NEW.paper_size = 'A3' THEN NEW.total_pages ELSE 0 END
    WHERE id = NEW.user_id;
    UPDATE printers SET printed_count = printed_count + 1 WHERE printer_id = NEW.printer_id;
  END IF;
  RETURN NULL;
END
$$;

-- inserts come one Queued job at a time (submit), or many at once (seed, imports): one pass per statement
CREATE FUNCTION printing_logs_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM inserted WHERE status = 'Completed') THEN
    RETURN NULL;
  END IF;
  UPDATE users u SET printed_a4 = u.printed_a4 + c.a4, printed_a3 = u.printed_a3 + c.a3
  FROM (SELECT user_id,
               coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0)::int AS a4,
               coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)::int AS a3
        FROM inserted WHERE status = 'Completed' GROUP BY user_id) c
  WHERE u.id = c.user_id;
  UPDATE printers p SET printed_count = p.printed_count + c.n
  FROM (SELECT printer_id, count(*)::int AS n FROM inserted WHERE status = 'Completed' GROUP BY printer_id) c
  WHERE p.printer_id = c.printer_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER printing_logs_completed_insert AFTER INSERT ON printing_logs
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION printing_logs_count_inserted();
CREATE TRIGGER printing_logs_completed_update
  AFTER UPDATE OF status, paper_size, total_pages, user_id, printer_id ON printing_logs
  FOR EACH ROW WHEN (OLD.status = 'Completed' OR NEW.status = 'Completed')
  EXECUTE FUNCTION printing_logs_count_completed();
CREATE TRIGGER printing_logs_completed_delete AFTER DELETE ON printing_logs
  FOR EACH ROW WHEN (OLD.status = 'Completed') EXECUTE FUNCTION printing_logs_count_completed();

UPDATE users u SET printed_a4 = c.a4, printed_a3 = c.a3
FROM (SELECT user_id,
             coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0)::int AS a4,
             coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)::int AS a3
      FROM printing_logs WHERE status = 'Completed' GROUP BY user_id) c
WHERE u.id = c.user_id;
UPDATE printers p SET printed_count = c.n
FROM (SELECT printer_id, count(*)::int AS n FROM printing_logs WHERE status = 'Completed' GROUP BY printer_id) c
WHERE p.printer_id = c.printer_id;
`;

/**
 * A printer renamed: its logs follow by ON UPDATE CASCADE while its printed_count already moved with the
 * row, so the count is left alone then (it was added a second time); a Completed job moved between two
 * existing printers still moves its count. The users' counters change only when the job's own sheets,
 * size or owner change.
 */
const printCountersRename = /* sql */ `
CREATE OR REPLACE FUNCTION printing_logs_count_completed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  printer_renamed boolean := TG_OP = 'UPDATE' AND OLD.printer_id <> NEW.printer_id
                             AND NOT EXISTS (SELECT 1 FROM printers WHERE printer_id = OLD.printer_id);
  same_sheets boolean := TG_OP = 'UPDATE' AND OLD.status = 'Completed' AND NEW.status = 'Completed'
                         AND OLD.user_id = NEW.user_id AND OLD.paper_size = NEW.paper_size
                         AND OLD.total_pages = NEW.total_pages;
BEGIN
  -- users before printers, always: one lock order
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'Completed' THEN
    IF NOT same_sheets THEN
      UPDATE users
      SET printed_a4 = printed_a4 - CASE WHEN OLD.paper_size = 'A4' THEN OLD.total_pages ELSE 0 END,
          printed_a3 = printed_a3 - CASE WHEN OLD.paper_size = 'A3' THEN OLD.total_pages ELSE 0 END
      WHERE id = OLD.user_id;
    END IF;
    IF NOT printer_renamed THEN
      UPDATE printers SET printed_count = printed_count - 1 WHERE printer_id = OLD.printer_id;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'Completed' THEN
    IF NOT same_sheets THEN
      UPDATE users
      SET printed_a4 = printed_a4 + CASE WHEN NEW.paper_size = 'A4' THEN NEW.total_pages ELSE 0 END,
          printed_a3 = printed_a3 + CASE WHEN NEW.paper_size = 'A3' THEN NEW.total_pages ELSE 0 END
      WHERE id = NEW.user_id;
    END IF;
    IF NOT printer_renamed THEN
      UPDATE printers SET printed_count = printed_count + 1 WHERE printer_id = NEW.printer_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- counts already doubled by a rename since migration 2
UPDATE printers p SET printed_count = c.n
FROM (SELECT x.printer_id, count(l.id)::int AS n
      FROM printers x LEFT JOIN printing_logs l ON l.printer_id = x.printer_id AND l.status = 'Completed'
      GROUP BY x.printer_id) c
WHERE p.printer_id = c.printer_id AND p.printed_count <> c.n;
`;

const sessionsEnd = `
-- the sessions ended lately, read by every instance each second (the revoked-session cache)
CREATE INDEX refresh_tokens_revoked_idx ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL;
-- login failures of one (account, address) pair
CREATE INDEX login_failures_pair_idx ON login_failures (ip, email, at);
`;

const printerRoom = `
-- a retired printer leaves every list and takes no job; its history stays
ALTER TABLE printers ADD COLUMN retired_at timestamptz;
ALTER TABLE printers ADD COLUMN retired_by uuid REFERENCES users (id) ON DELETE SET NULL;
UPDATE printers SET activated_time = created_at WHERE activated_time IS NULL;

-- who did what to a printer and when: every add, edit, enable, disable and retirement, written in the
-- transaction of the change (the notices are read from here)
CREATE TABLE printer_changes (
  id              bigserial PRIMARY KEY,
  printer_id      text NOT NULL REFERENCES printers (printer_id) ON UPDATE CASCADE,
  actor_id        uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_role      text NOT NULL CHECK (actor_role IN ('staff', 'spso', 'system')),
  action          text NOT NULL CHECK (action IN ('create', 'update', 'enable', 'disable', 'retire')),
  -- the fields changed: { field: [before, after] } (the whole printer for a create)
  changes         jsonb NOT NULL DEFAULT '{}'::jsonb,
  jobs_failed     integer NOT NULL DEFAULT 0 CHECK (jobs_failed >= 0),
  pages_refunded  integer NOT NULL DEFAULT 0 CHECK (pages_refunded >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX printer_changes_printer_idx ON printer_changes (printer_id, created_at DESC);
CREATE INDEX printer_changes_created_idx ON printer_changes (created_at DESC);

-- a printer's log, newest first, paged (staff and officers)
CREATE INDEX printing_logs_printer_created_idx ON printing_logs (printer_id, created_at DESC, id DESC);
`;

const noticesFromEvents = `
-- a notice to the staff of one facility (staff with no facility read them all)
ALTER TABLE notices ADD COLUMN receiver_facility text CHECK (receiver_facility IN ('CS1', 'CS2'));
-- the printer change a notice reports (printer_changes is the record, the notice its message)
ALTER TABLE notices ADD COLUMN printer_change_id bigint REFERENCES printer_changes (id) ON DELETE SET NULL;
CREATE INDEX notices_printer_change_idx ON notices (printer_change_id) WHERE printer_change_id IS NOT NULL;
`;

/**
 * The officer's desk: the configuration's audit trail, an adjustment once per request, and the students'
 * names folded for search (without diacritics) and keyed for a Vietnamese order (given name first).
 */
const fold = foldTranslateArgs();
const order = orderTranslateArgs();
const officerDesk = `
-- who changed the system configuration, when, and the values before and after
CREATE TABLE config_changes (
  id          bigserial PRIMARY KEY,
  actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  before      jsonb NOT NULL,
  after       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX config_changes_created_idx ON config_changes (created_at DESC);

-- an officer's adjustment applies once per request id (a double click is one adjustment)
CREATE UNIQUE INDEX page_ledger_adjustment_once ON page_ledger (ref_type, ref_id)
  WHERE kind = 'adjustment' AND ref_id IS NOT NULL;

-- "Nguyễn Văn An" → 'nguyen van an' (search); given name first, letters in Vietnamese order (sort, "C")
ALTER TABLE users ADD COLUMN name_search text
  GENERATED ALWAYS AS (translate(last_name || ' ' || first_name, ${sqlLiteral(fold.from)}, ${sqlLiteral(fold.to)})) STORED;
ALTER TABLE users ADD COLUMN name_order text
  GENERATED ALWAYS AS (translate(first_name || ' ' || last_name, ${sqlLiteral(order.from)}, ${sqlLiteral(order.to)})) STORED;
CREATE INDEX users_student_name_order_idx ON users ((name_order COLLATE "C"), mssv) WHERE role = 'student';
-- paid money per student (the activity list's total and its order)
CREATE INDEX payments_user_paid_idx ON payments (user_id) INCLUDE (paid_money) WHERE paid_money > 0;
`;

/**
 * The officers' reports, kept and not counted at read time (1M jobs answer in milliseconds):
 * report_daily holds, per Vietnam-time day and printer, the Completed jobs and their sheets by paper
 * size. Like the print counters (migrations 2 and 3) it is maintained by triggers in the transaction that
 * makes a job Completed or changes or deletes a Completed one (a statement trigger for inserts), follows a
 * printer rename by ON UPDATE CASCADE, and is backfilled from the existing logs. A day is the finish
 * date shifted by a fixed +07:00 (no time zone data needed). stored_reports keeps each finished month's
 * and year's report once (the unique period key; the scheduler inserts with ON CONFLICT DO NOTHING).
 */
const reports = /* sql */ `
CREATE FUNCTION report_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (ts AT TIME ZONE INTERVAL '+07:00')::date $$;

CREATE TABLE report_daily (
  day         date NOT NULL,
  printer_id  text NOT NULL REFERENCES printers (printer_id) ON UPDATE CASCADE,
  -- Completed jobs, and their sheets (total_pages) by paper size
  printed     integer NOT NULL DEFAULT 0,
  a4          bigint NOT NULL DEFAULT 0,
  a3          bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, printer_id)
);

CREATE FUNCTION report_daily_add(p_day date, p_printer text, p_printed integer, p_a4 bigint, p_a3 bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily AS r (day, printer_id, printed, a4, a3) VALUES (p_day, p_printer, p_printed, p_a4, p_a3)
  ON CONFLICT (day, printer_id) DO UPDATE
  SET printed = r.printed + EXCLUDED.printed, a4 = r.a4 + EXCLUDED.a4, a3 = r.a3 + EXCLUDED.a3
$$;

CREATE FUNCTION printing_logs_report_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a printer renamed: its report rows follow by ON UPDATE CASCADE, nothing to move here
  IF TG_OP = 'UPDATE' AND OLD.printer_id <> NEW.printer_id
     AND NOT EXISTS (SELECT 1 FROM printers WHERE printer_id = OLD.printer_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'Completed' AND OLD.finish_date IS NOT NULL THEN
    PERFORM report_daily_add(report_day(OLD.finish_date), OLD.printer_id, -1,
      -CASE WHEN OLD.paper_size = 'A4' THEN OLD.total_pages ELSE 0 END,
      -CASE WHEN OLD.paper_size = 'A3' THEN OLD.total_pages ELSE 0 END);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'Completed' AND NEW.finish_date IS NOT NULL THEN
    PERFORM report_daily_add(report_day(NEW.finish_date), NEW.printer_id, 1,
      CASE WHEN NEW.paper_size = 'A4' THEN NEW.total_pages ELSE 0 END,
      CASE WHEN NEW.paper_size = 'A3' THEN NEW.total_pages ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION printing_logs_report_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_daily AS r (day, printer_id, printed, a4, a3)
  SELECT report_day(finish_date), printer_id, count(*)::int,
         coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0),
         coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)
  FROM inserted WHERE status = 'Completed' AND finish_date IS NOT NULL
  GROUP BY 1, 2
  ON CONFLICT (day, printer_id) DO UPDATE
  SET printed = r.printed + EXCLUDED.printed, a4 = r.a4 + EXCLUDED.a4, a3 = r.a3 + EXCLUDED.a3;
  RETURN NULL;
END
$$;

CREATE TRIGGER printing_logs_report_insert AFTER INSERT ON printing_logs
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION printing_logs_report_inserted();
CREATE TRIGGER printing_logs_report_update
  AFTER UPDATE OF status, paper_size, total_pages, printer_id, finish_date ON printing_logs
  FOR EACH ROW WHEN (OLD.status = 'Completed' OR NEW.status = 'Completed')
  EXECUTE FUNCTION printing_logs_report_changed();
CREATE TRIGGER printing_logs_report_delete AFTER DELETE ON printing_logs
  FOR EACH ROW WHEN (OLD.status = 'Completed') EXECUTE FUNCTION printing_logs_report_changed();

INSERT INTO report_daily (day, printer_id, printed, a4, a3)
SELECT report_day(finish_date), printer_id, count(*)::int,
       coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0),
       coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)
FROM printing_logs WHERE status = 'Completed' AND finish_date IS NOT NULL
GROUP BY 1, 2;

-- a finished period's report, stored once (the figures of that period when it was generated)
CREATE TABLE stored_reports (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  period         text NOT NULL CHECK (period IN ('month', 'year')),
  year           integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  month          smallint CHECK (month BETWEEN 1 AND 12),
  generated_at   timestamptz NOT NULL DEFAULT now(),
  total_pages    bigint NOT NULL,
  total_a4       bigint NOT NULL,
  total_a3       bigint NOT NULL,
  total_printed  bigint NOT NULL,
  avg_a4         double precision NOT NULL,
  avg_a3         double precision NOT NULL,
  avg_printed    double precision NOT NULL,
  printer_count  integer NOT NULL,
  -- the printer rows (ReportPrinterRow[]), latest month first
  rows           jsonb NOT NULL,
  CHECK ((period = 'month') = (month IS NOT NULL))
);
CREATE UNIQUE INDEX stored_reports_period_key ON stored_reports (period, year, (coalesce(month, 0)));
`;

/**
 * The money each student paid, kept on the student by a trigger in the transaction that changes a
 * payment's paid money (the officers' list sorts 30,000 students by it from an index).
 */
const paidTotals = `
ALTER TABLE users ADD COLUMN total_paid bigint NOT NULL DEFAULT 0 CHECK (total_paid >= 0);

CREATE FUNCTION payments_count_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.paid_money <> 0 THEN
    UPDATE users SET total_paid = total_paid - OLD.paid_money WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.paid_money <> 0 THEN
    UPDATE users SET total_paid = total_paid + NEW.paid_money WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_paid_insert AFTER INSERT ON payments
  FOR EACH ROW WHEN (NEW.paid_money <> 0) EXECUTE FUNCTION payments_count_paid();
CREATE TRIGGER payments_paid_update AFTER UPDATE OF paid_money, user_id ON payments
  FOR EACH ROW WHEN (OLD.paid_money IS DISTINCT FROM NEW.paid_money OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION payments_count_paid();
CREATE TRIGGER payments_paid_delete AFTER DELETE ON payments
  FOR EACH ROW WHEN (OLD.paid_money <> 0) EXECUTE FUNCTION payments_count_paid();

UPDATE users u SET total_paid = p.total
FROM (SELECT user_id, sum(paid_money) AS total FROM payments GROUP BY user_id) p
WHERE u.id = p.user_id AND p.total <> 0;

CREATE INDEX users_student_paid_idx ON users (total_paid, mssv) WHERE role = 'student';
`;

/**
 * A print request sent once is charged once: each submission's Idempotency-Key, per student, with what
 * it created. Written in the transaction of the charge; a repeat answers these logs and charges nothing.
 */
const printSubmissions = `
CREATE TABLE print_submissions (
  user_id     uuid NOT NULL REFERENCES users(id),
  key         text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
  fingerprint text NOT NULL,
  log_ids     uuid[] NOT NULL,
  total_cost  integer NOT NULL CHECK (total_cost >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
`;

/**
 * Chat messages in the order they were stored: a sequence, not a timestamp two messages may share or
 * that concurrent transactions commit out of order.
 */
const messageOrder = `
ALTER TABLE messages ADD COLUMN seq bigserial;
CREATE INDEX messages_conversation_seq_idx ON messages (conversation_id, seq);
`;

/** A notice in English beside the Vietnamese: each reader reads it in the portal's language. */
const noticeLanguages = `
ALTER TABLE notices ADD COLUMN description_en text;
`;

/**
 * Real printers: what each device last said (the health monitor's reading, who polls it, until when),
 * and each job's copy on its device (id, uuid, uri), written when the device accepted it, so a job the
 * device already holds is followed, never sent again.
 */
const devices = `
ALTER TABLE printers ADD COLUMN device_state text CHECK (device_state IN ('idle', 'processing', 'stopped', 'offline'));
ALTER TABLE printers ADD COLUMN device_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE printers ADD COLUMN device_checked_at timestamptz;
-- whether the device takes new jobs, as device-health judged its state and reasons (the dispatcher reads it)
ALTER TABLE printers ADD COLUMN device_takes_jobs boolean NOT NULL DEFAULT true;
ALTER TABLE printers ADD COLUMN device_capabilities jsonb;
ALTER TABLE printers ADD COLUMN monitor_owner text;
ALTER TABLE printers ADD COLUMN monitor_until timestamptz;
ALTER TABLE printing_logs ADD COLUMN device_job_id integer;
ALTER TABLE printing_logs ADD COLUMN device_job_uuid text;
ALTER TABLE printing_logs ADD COLUMN device_job_uri text;
ALTER TABLE printing_logs ADD COLUMN sent_at timestamptz;
ALTER TABLE printing_logs ADD COLUMN send_started_at timestamptz;
ALTER TABLE printing_logs ADD COLUMN impressions_completed integer;
CREATE INDEX printing_logs_on_device_idx ON printing_logs (printer_id) WHERE device_job_id IS NOT NULL AND status = 'InProgress';
`;

/**
 * Documents are kept for a retention period after their jobs end (an officer's setting, 1 to 720 hours,
 * 24 by default): then the stored file goes, the row stays (title, pages, size, hash: the history) with
 * the time its file went. The purge looks up a document's jobs, hence the index on document_id.
 */
const documentRetention = `
ALTER TABLE system_config ADD COLUMN retention_hours integer NOT NULL DEFAULT 24
  CHECK (retention_hours BETWEEN 1 AND 720);
ALTER TABLE documents ADD COLUMN purged_at timestamptz;
CREATE INDEX documents_stored_idx ON documents (created_at) WHERE storage_path IS NOT NULL;
CREATE INDEX printing_logs_document_idx ON printing_logs (document_id);
`;

/**
 * School sign-in (CAS, OpenID Connect). auth_requests: a sign-in under way, found by the hash of the
 * browser's httpOnly cookie (so another browser cannot finish it), holding the OIDC state, nonce and PKCE
 * verifier server side; a row is used once and lives minutes. auth_codes: the one-time codes a callback
 * hands the login page (hashed, 60 s, used once) for the usual token pair. users.auth_source: how the
 * account came to be (an empty password_hash means the account has no password: school sign-in only).
 */
const schoolSignIn = `
ALTER TABLE users ADD COLUMN auth_source text NOT NULL DEFAULT 'password'
  CHECK (auth_source IN ('password', 'cas', 'oidc'));
CREATE TABLE auth_requests (
  handle_hash    text PRIMARY KEY,
  provider       text NOT NULL CHECK (provider IN ('cas', 'oidc')),
  state          text,
  nonce          text,
  code_verifier  text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_requests_created_idx ON auth_requests (created_at);
CREATE TABLE auth_codes (
  code_hash   text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider    text NOT NULL CHECK (provider IN ('cas', 'oidc')),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_codes_expires_idx ON auth_codes (expires_at);
`;

/**
 * Accounts the officer manages: a temporary password to change at the first sign-in, the last sign-in,
 * and the audit trail of every change to an account (issued, disabled, enabled, password reset or
 * changed, students imported).
 */
const accounts = `
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN last_login_at timestamptz;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
CREATE TABLE account_changes (
  id          bigserial PRIMARY KEY,
  -- the account changed (null for an import, which changes many)
  user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  action      text NOT NULL
    CHECK (action IN ('create', 'disable', 'enable', 'reset_password', 'password_change', 'import')),
  details     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_changes_user_idx ON account_changes (user_id, created_at DESC);
CREATE INDEX account_changes_created_idx ON account_changes (created_at DESC);
-- the officers left (the last one cannot be disabled)
CREATE INDEX users_active_officers_idx ON users (id) WHERE role = 'spso' AND is_active;
`;

/**
 * Release at the printer (issue 21). A printer's release mode: `direct` (a job prints when sent) or
 * `held` (it waits, charged, as `Held` with a release code until its owner releases it at the printer,
 * or `Expired` and refunded once past held_until). Release stations: a station's key is kept as its hash;
 * the codes it shows are kept per station (each valid 120 s from its issue: 60 s as the code shown, 60 s
 * after), used at most once. The officers' setting held_job_minutes (1..1440, 60 by default).
 */
const releaseAtPrinter = `
ALTER TABLE printers ADD COLUMN release_mode text NOT NULL DEFAULT 'direct' CHECK (release_mode IN ('direct', 'held'));
ALTER TABLE printing_logs DROP CONSTRAINT printing_logs_status_check;
ALTER TABLE printing_logs ADD CONSTRAINT printing_logs_status_check
  CHECK (status IN ('Held', 'Queued', 'InProgress', 'Completed', 'Failed', 'Expired'));
ALTER TABLE printing_logs ADD COLUMN release_code text;
ALTER TABLE printing_logs ADD COLUMN held_until timestamptz;
ALTER TABLE printing_logs ADD COLUMN held_extended_at timestamptz;
ALTER TABLE printing_logs ADD COLUMN expiry_noticed_at timestamptz;
ALTER TABLE printing_logs ADD COLUMN released_at timestamptz;
ALTER TABLE printing_logs ADD CONSTRAINT printing_logs_held_check
  CHECK (status <> 'Held' OR (release_code IS NOT NULL AND held_until IS NOT NULL));
-- a code names one held job at its printer
CREATE UNIQUE INDEX printing_logs_release_code_idx ON printing_logs (printer_id, release_code) WHERE status = 'Held';
-- the expiry scheduler's search
CREATE INDEX printing_logs_held_until_idx ON printing_logs (held_until) WHERE status = 'Held';
ALTER TABLE system_config ADD COLUMN held_job_minutes integer NOT NULL DEFAULT 60
  CHECK (held_job_minutes BETWEEN 1 AND 1440);
CREATE TABLE release_stations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  printer_id  text NOT NULL REFERENCES printers (printer_id) ON UPDATE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  revoked_by  uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX release_stations_printer_idx ON release_stations (printer_id) WHERE revoked_at IS NULL;
CREATE TABLE release_station_codes (
  station_id   uuid NOT NULL REFERENCES release_stations (id) ON DELETE CASCADE,
  code         text NOT NULL,
  issued_at    timestamptz NOT NULL,
  valid_until  timestamptz NOT NULL,
  used_at      timestamptz,
  used_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (station_id, code)
);
CREATE INDEX release_station_codes_issued_idx ON release_station_codes (station_id, issued_at DESC);
`;

/**
 * Web Push: a browser's subscription per row (the endpoint the server calls, the keys that encrypt for
 * it, the language its texts are written in). An endpoint belongs to one user: the last to subscribe on
 * that browser. The VAPID keys live in app_secrets (name 'vapid'), as the JWT secret does.
 */
const pushSubscriptions = `
CREATE TABLE push_subscriptions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text NOT NULL UNIQUE CHECK (length(endpoint) <= 2048),
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  lang        text NOT NULL DEFAULT 'vi' CHECK (lang IN ('vi', 'en')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
`;

/**
 * Several instances on one database (issue 23): the limits every instance must share, counted here and not
 * in one process's memory. rate_limit_hits: the public routes' request counts per client address and
 * window (@fastify/rate-limit's PostgreSQL store). rate_buckets: token buckets (the code attempts at
 * release stations): the tokens left at the app's clock reading of the last take.
 * uploads_in_flight: a row per print upload being received, per instance, so a student's cap holds
 * whichever instances their uploads reach (a row of an instance that died is ignored after a while).
 */
const sharedLimits = `
CREATE TABLE rate_limit_hits (
  -- the route and the client address; one window at a time, started by the first request after the last
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  count         integer NOT NULL DEFAULT 1
);
CREATE INDEX rate_limit_hits_expires_idx ON rate_limit_hits (expires_at);
CREATE TABLE rate_buckets (
  key         text PRIMARY KEY,
  tokens      double precision NOT NULL,
  -- the app's clock (epoch ms) at the last take, and when the bucket is full again (then forgotten)
  at_ms       double precision NOT NULL,
  full_at_ms  double precision NOT NULL
);
CREATE INDEX rate_buckets_full_idx ON rate_buckets (full_at_ms);
CREATE TABLE uploads_in_flight (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  -- renewed while the upload goes on: a row not seen for a while is an instance that died
  seen_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_in_flight_user_idx ON uploads_in_flight (user_id, seen_at);
`;

/**
 * Several instances (issue 23): socket.io's PostgreSQL adapter sends an event too large for one NOTIFY
 * through this table (its own shape: @socket.io/postgres-adapter reads and purges it).
 */
const socketAttachments = `
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
`;

export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial schema', sql: initialSchema },
  { version: 2, name: 'print counters', sql: printCounters },
  { version: 3, name: 'print counters: printer renamed', sql: printCountersRename },
  { version: 4, name: 'sessions end: revoked sessions and login pairs', sql: sessionsEnd },
  { version: 5, name: 'printer room: retirement, the record of printer changes, the log index', sql: printerRoom },
  { version: 6, name: 'notices from events: facility receivers, the printer change reported', sql: noticesFromEvents },
  { version: 7, name: "officer's desk: configuration audit, adjustments once, student names", sql: officerDesk },
  { version: 8, name: 'reports: daily figures kept by triggers, stored period reports', sql: reports },
  { version: 9, name: 'paid totals: the money each student paid, kept by a trigger', sql: paidTotals },
  { version: 10, name: 'print submissions: one charge per Idempotency-Key', sql: printSubmissions },
  { version: 11, name: 'chat messages in the order stored', sql: messageOrder },
  { version: 12, name: 'notices in the reader language', sql: noticeLanguages },
  { version: 13, name: 'real printers: device state, jobs on their device', sql: devices },
  {
    version: 14,
    name: 'document retention: files purged after the jobs end, the history kept',
    sql: documentRetention,
  },
  { version: 15, name: 'school sign-in: sign-ins under way, one-time codes, account source', sql: schoolSignIn },
  { version: 16, name: 'accounts: temporary passwords, last sign-in, the audit trail of accounts', sql: accounts },
  {
    version: 17,
    name: 'release at the printer: held printers and jobs, release stations and their codes, expiry',
    sql: releaseAtPrinter,
  },
  { version: 18, name: 'push notifications: the browsers subscribed', sql: pushSubscriptions },
  { version: 19, name: 'several instances: shared rate limits, code attempts, uploads in flight', sql: sharedLimits },
  { version: 20, name: 'several instances: socket events too large for a notification', sql: socketAttachments },
];
