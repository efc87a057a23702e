/**
 * Schema migrations, applied in order at start inside one transaction. An advisory lock makes
 * instances starting together on one PostgreSQL wait for each other instead of racing.
 * Never edit a released migration: add the next one.
 */
import type { Database } from './database'

interface Migration {
  id: number
  name: string
  statements: readonly string[]
}

const migrationLockKey = 7_420_331

/**
 * The funnel count in PL/pgSQL (migration 11), its text built here because migration 12 changed
 * only the row it adds to: `shard` is that row's part of the key, absent before migration 12.
 */
function countFunnelStepFunction(shard?: string): string {
  return `CREATE OR REPLACE FUNCTION count_funnel_step(day date, utm_campaign text, utm_content text,
          step text, max_origins integer, other_origin text) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        campaign text := utm_campaign;
        content text := utm_content;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM funnel_counts AS f
                       WHERE f.day = count_funnel_step.day AND f.utm_campaign = campaign
                         AND f.utm_content = content) THEN
          IF (SELECT count(DISTINCT (f.utm_campaign, f.utm_content)) FROM funnel_counts AS f
              WHERE f.day = count_funnel_step.day) >= max_origins THEN
            campaign := other_origin;
            content := other_origin;
          END IF;
        END IF;
        INSERT INTO funnel_counts AS f (day, utm_campaign, utm_content, step, ${shard ? 'shard, ' : ''}count)
          VALUES (count_funnel_step.day, campaign, content, step, ${shard ? `${shard}, ` : ''}1)
          ON CONFLICT ON CONSTRAINT funnel_counts_pkey DO UPDATE SET count = f.count + 1;
      END
      $$`
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'leads and their delivery outbox',
    statements: [
      `CREATE TABLE leads (
        id uuid PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        last_interaction_at timestamptz NOT NULL DEFAULT now(),
        email text NOT NULL,
        telephone text NOT NULL,
        payload jsonb NOT NULL,
        consent_text text NOT NULL,
        client_ip text NOT NULL,
        user_agent text NOT NULL,
        delivered_at timestamptz
      )`,
      'CREATE INDEX leads_contact_idx ON leads (email, telephone, received_at)',
      'CREATE INDEX leads_last_interaction_idx ON leads (last_interaction_at)',
      `CREATE TABLE lead_outbox (
        lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_owner text,
        lease_until timestamptz,
        last_error text
      )`,
      'CREATE INDEX lead_outbox_due_idx ON lead_outbox (next_attempt_at)',
    ],
  },
  {
    id: 2,
    name: 'one delivery per lead, destination and event; consent withdrawal',
    statements: [
      `CREATE TABLE lead_deliveries (
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        destination text NOT NULL,
        event text NOT NULL DEFAULT 'lead',
        state text NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'delivered', 'parked', 'cancelled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        first_failure_at timestamptz,
        lease_owner text,
        lease_until timestamptz,
        last_error text,
        done_at timestamptz,
        PRIMARY KEY (lead_id, destination, event)
      )`,
      `CREATE INDEX lead_deliveries_due_idx ON lead_deliveries (next_attempt_at)
        WHERE state = 'pending'`,
      // Leads still queued for the single webhook keep their attempts, schedule and last error.
      `INSERT INTO lead_deliveries (lead_id, destination, attempts, next_attempt_at, last_error,
          created_at, first_failure_at)
        SELECT o.lead_id, 'webhook', o.attempts, o.next_attempt_at, o.last_error, l.received_at,
          CASE WHEN o.attempts > 0 THEN l.received_at END
        FROM lead_outbox AS o JOIN leads AS l ON l.id = o.lead_id`,
      'DROP TABLE lead_outbox',
      'ALTER TABLE leads ADD COLUMN consent_withdrawn_at timestamptz',
    ],
  },
  // The columns are spelled out rather than taken from `originKeys`: a released migration never
  // changes.
  {
    id: 3,
    name: 'where each lead came from',
    statements: [
      `ALTER TABLE leads
        ADD COLUMN utm_source text,
        ADD COLUMN utm_medium text,
        ADD COLUMN utm_campaign text,
        ADD COLUMN utm_content text,
        ADD COLUMN utm_term text,
        ADD COLUMN fbclid text`,
    ],
  },
  {
    id: 4,
    name: "ad consent, and Meta's browser ids for the Conversions API",
    statements: [
      // fbp and fbc are Meta's cookies as the lead's request carried them, kept only with ad consent.
      `ALTER TABLE leads
        ADD COLUMN consentement_publicite boolean NOT NULL DEFAULT false,
        ADD COLUMN fbp text,
        ADD COLUMN fbc text`,
    ],
  },
  {
    id: 5,
    name: 'funnel counts per day, campaign, ad and step',
    statements: [
      // No lead id, no address, no time finer than the day: nothing here can be joined to a lead.
      `CREATE TABLE funnel_counts (
        day date NOT NULL,
        utm_campaign text NOT NULL,
        utm_content text NOT NULL,
        step text NOT NULL CHECK (step IN ('view', 'form_start', 'estimate', 'lead')),
        count integer NOT NULL,
        PRIMARY KEY (day, utm_campaign, utm_content, step)
      )`,
    ],
  },
  {
    id: 6,
    name: 'a row the health check writes, to tell a database that no longer takes writes',
    statements: [
      `CREATE TABLE relay_health (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        probed_at timestamptz NOT NULL DEFAULT now()
      )`,
      'INSERT INTO relay_health DEFAULT VALUES',
    ],
  },
  {
    id: 7,
    name: 'leads in export order',
    // The export reads batches after a (received_at, id) cursor: each batch an index range scan.
    statements: ['CREATE INDEX leads_export_order_idx ON leads (received_at, id)'],
  },
  {
    id: 8,
    name: "a person's last interaction kept once, and a lead stored in one call",
    statements: [
      // The retention period restarts for all of a person's leads at each request: kept once per
      // email instead of on each lead, a new lead writes one row instead of every earlier one.
      `CREATE TABLE contacts (
        email text PRIMARY KEY,
        last_interaction_at timestamptz NOT NULL
      )`,
      `INSERT INTO contacts (email, last_interaction_at)
        SELECT email, max(last_interaction_at) FROM leads GROUP BY email`,
      'CREATE INDEX contacts_last_interaction_idx ON contacts (last_interaction_at)',
      // No lead without its contact: retention and erasure remove both, leads first.
      'ALTER TABLE leads ADD FOREIGN KEY (email) REFERENCES contacts (email)',
      // Its index goes with it. (The duplicate check's index is leads_contact_idx.)
      'ALTER TABLE leads DROP COLUMN last_interaction_at',
      // The funnel count as a function, so that the lead's own count runs inside store_lead.
      `CREATE FUNCTION count_funnel_step(day date, utm_campaign text, utm_content text, step text,
          max_origins integer, other_origin text) RETURNS void LANGUAGE sql AS $$
        WITH origin AS (
          SELECT EXISTS (SELECT 1 FROM funnel_counts AS f
                         WHERE f.day = $1 AND f.utm_campaign = $2 AND f.utm_content = $3)
                 OR (SELECT count(DISTINCT (f.utm_campaign, f.utm_content)) FROM funnel_counts AS f
                     WHERE f.day = $1) < $5 AS kept
        )
        INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
        SELECT $1, CASE WHEN kept THEN $2 ELSE $6 END, CASE WHEN kept THEN $3 ELSE $6 END, $4, 1
        FROM origin
        ON CONFLICT (day, utm_campaign, utm_content, step)
        DO UPDATE SET count = funnel_counts.count + 1
      $$`,
      // One round trip per lead. Each statement of a PL/pgSQL function takes a new snapshot, so
      // the duplicate check sees a lead committed by whoever held the lock before. `lead` holds
      // the leads row's columns (a column it lacks is stored NULL, not its default); returns
      // false, having only restarted the retention period, for a repeat within the window.
      `CREATE FUNCTION store_lead(lead jsonb, destinations text[], duplicate_window_minutes integer,
          funnel_day date, utm_campaign text, utm_content text, max_origins integer,
          other_origin text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended(lead ->> 'email', 0));
        INSERT INTO contacts (email, last_interaction_at) VALUES (lead ->> 'email', now())
          ON CONFLICT (email) DO UPDATE SET last_interaction_at = excluded.last_interaction_at;
        IF EXISTS (SELECT 1 FROM leads AS l
                   WHERE l.email = lead ->> 'email' AND l.telephone = lead ->> 'telephone'
                     AND l.received_at > now() - make_interval(mins => duplicate_window_minutes)) THEN
          RETURN false;
        END IF;
        INSERT INTO leads
          SELECT * FROM jsonb_populate_record(NULL::leads,
                                              lead || jsonb_build_object('received_at', now()));
        INSERT INTO lead_deliveries (lead_id, destination)
          SELECT (lead ->> 'id')::uuid, unnest(destinations);
        PERFORM count_funnel_step(funnel_day, utm_campaign, utm_content, 'lead', max_origins,
                                  other_origin);
        RETURN true;
      END
      $$`,
    ],
  },
  {
    id: 9,
    name: "the back-office's accounts, sessions, login throttling and audit",
    statements: [
      // The email is kept lower-case, so that the unique constraint is case-blind.
      `CREATE TABLE admin_users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      )`,
      // A hash of the cookie's token, never the token: a copy of the table opens no session.
      `CREATE TABLE admin_sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX admin_sessions_user_idx ON admin_sessions (user_id)',
      'CREATE INDEX admin_sessions_last_seen_idx ON admin_sessions (last_seen_at)',
      // One row per account or address that failed lately; the key is a keyed hash of either,
      // so the table names no one.
      `CREATE TABLE admin_login_throttle (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        window_started_at timestamptz NOT NULL,
        locked_until timestamptz
      )`,
      // No foreign key: the audit outlives the account that acted.
      `CREATE TABLE admin_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id uuid,
        user_email text NOT NULL,
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      )`,
      'CREATE INDEX admin_audit_at_idx ON admin_audit (at)',
    ],
  },
  {
    id: 10,
    name: "the broker's call attempts",
    statements: [
      // The caller is kept as an email, not a reference: removing an account keeps its calls, which
      // still count against the limits of D223-9.
      `CREATE TABLE lead_calls (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        outcome text NOT NULL CHECK (outcome IN ('tentative', 'joint', 'ne_plus_appeler')),
        admin_email text NOT NULL
      )`,
      'CREATE INDEX lead_calls_lead_idx ON lead_calls (lead_id, at)',
      'CREATE INDEX lead_calls_at_idx ON lead_calls (at)',
    ],
  },
  {
    id: 11,
    name: 'the funnel count with its plans kept',
    statements: [
      // Same arguments and effect as migration 8's, in PL/pgSQL: a LANGUAGE sql function called
      // from another function is parsed and planned anew at each call, which was half of what
      // storing a lead cost on the embedded database (0.5 of 1.1 ms); PL/pgSQL keeps its plans
      // for the session. The count of the day's origins is only read for an origin not yet seen.
      countFunnelStepFunction(),
    ],
  },
  {
    id: 12,
    name: 'funnel counts spread over one row per database connection',
    statements: [
      // A count held one row per day, origin and step, which every lead of the day updated: on
      // PostgreSQL each lead waited for the one before to commit (its row lock lasts until then,
      // fsync included), so leads were stored one at a time. Each connection now adds to a row of
      // its own (its backend pid, modulo 16) and readers sum the rows, as they already did.
      'ALTER TABLE funnel_counts ADD COLUMN shard smallint NOT NULL DEFAULT 0',
      'ALTER TABLE funnel_counts DROP CONSTRAINT funnel_counts_pkey',
      `ALTER TABLE funnel_counts ADD CONSTRAINT funnel_counts_pkey
        PRIMARY KEY (day, utm_campaign, utm_content, step, shard)`,
      countFunnelStepFunction('pg_backend_pid() % 16'),
    ],
  },
  {
    id: 13,
    name: 'leads stored together, in one statement and one commit',
    statements: [
      // `batch` holds, in order of arrival, what `store_lead` takes for each lead besides the
      // settings every lead shares; returns, in the same order, whether each was stored. One
      // failure fails them all, and lead-store.ts then stores each alone.
      `CREATE FUNCTION store_leads(batch jsonb, duplicate_window_minutes integer,
          max_origins integer, other_origin text) RETURNS boolean[] LANGUAGE plpgsql AS $$
      DECLARE
        item jsonb;
        stored boolean[] := ARRAY[]::boolean[];
      BEGIN
        FOR item IN SELECT e.value FROM jsonb_array_elements(batch) WITH ORDINALITY AS e (value, n)
                    ORDER BY e.n LOOP
          stored := stored || store_lead(item -> 'lead',
                                         ARRAY(SELECT jsonb_array_elements_text(item -> 'destinations')),
                                         duplicate_window_minutes, (item ->> 'day')::date,
                                         item ->> 'utm_campaign', item ->> 'utm_content',
                                         max_origins, other_origin);
        END LOOP;
        RETURN stored;
      END
      $$`,
    ],
  },
  {
    id: 14,
    name: 'a withdrawal to confirm on the leads sharing only the phone',
    statements: [
      // A withdrawal confirmed from a link proves the email it was sent to, not the phone: the
      // leads of another address with the same phone stay callable, marked for the advisor.
      'ALTER TABLE leads ADD COLUMN withdrawal_to_confirm_at timestamptz',
    ],
  },
  {
    id: 15,
    name: "the advisors' devices subscribed to Web Push",
    statements: [
      // One row per browser: the endpoint is the push service's address for it, unique across
      // accounts (a device passed to a colleague is re-owned). Removing the account removes them.
      `CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)',
    ],
  },
  {
    id: 16,
    name: 'who took each lead, and its one escalation',
    statements: [
      // The advisor as an email, like a call's: removing an account keeps who took the lead.
      `ALTER TABLE leads
        ADD COLUMN claimed_by text,
        ADD COLUMN claimed_at timestamptz,
        ADD COLUMN escalated_at timestamptz`,
      // Leads from before escalation existed count as escalated: an upgrade must not alert every
      // advisor at once about a backlog of old requests.
      'UPDATE leads SET escalated_at = received_at',
      // What the escalation check reads every few seconds: the few leads still waiting for it.
      'CREATE INDEX leads_escalation_idx ON leads (received_at) WHERE escalated_at IS NULL',
    ],
  },
  {
    id: 17,
    name: 'where each lead stands after the call, and every change of it',
    statements: [
      // The values of common/pipeline/lead-stages.ts, spelled out: a released migration never
      // changes. `status_changed_at` is null until an advisor first sets it.
      `ALTER TABLE leads
        ADD COLUMN status text NOT NULL DEFAULT 'nouveau'
          CHECK (status IN ('nouveau', 'en_cours', 'rendez_vous', 'devis_envoye', 'signe',
                            'perdu')),
        ADD COLUMN status_changed_at timestamptz`,
      // One row per change, never updated: the card's history, the CSV, the funnel's furthest
      // step, and the events to the webhook and the ad platform. The advisor is kept as an
      // email, like a call's. `annual_premium_eur` is the signed contract's yearly premium, when entered.
      `CREATE TABLE lead_status_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL,
        previous_status text NOT NULL,
        motif text CHECK (motif IS NULL OR motif IN ('pas_interesse', 'injoignable',
                                                      'deja_couvert', 'refus_banque', 'autre')),
        note text,
        annual_premium_eur numeric(10, 2) CHECK (annual_premium_eur IS NULL
                                                 OR annual_premium_eur > 0),
        admin_email text NOT NULL
      )`,
      'CREATE INDEX lead_status_changes_lead_idx ON lead_status_changes (lead_id, at)',
      'CREATE INDEX lead_status_changes_at_idx ON lead_status_changes (at)',
    ],
  },
  {
    id: 18,
    name: 'calls recorded as they happened, undone, reminded, and reprogrammed',
    statements: [
      // The outcomes of common/calls/call-rules.ts, spelled out: a released migration never
      // changes. `tentative` stays for the calls recorded before.
      'ALTER TABLE lead_calls DROP CONSTRAINT lead_calls_outcome_check',
      `ALTER TABLE lead_calls
        ADD CONSTRAINT lead_calls_outcome_check CHECK (outcome IN ('pas_de_reponse', 'messagerie',
          'rappeler', 'joint', 'refus', 'ne_plus_appeler', 'tentative')),
        ADD COLUMN recorded_at timestamptz,
        ADD COLUMN rappel_le timestamptz,
        ADD COLUMN note text,
        ADD COLUMN undone_at timestamptz,
        ADD COLUMN undone_by text,
        ADD COLUMN reminded_at timestamptz`,
      // `at` is when the call happened, `recorded_at` when it was typed: the undo window runs
      // from the latter. Calls recorded before this migration were recorded when they happened.
      'UPDATE lead_calls SET recorded_at = at',
      'ALTER TABLE lead_calls ALTER COLUMN recorded_at SET NOT NULL, ALTER COLUMN recorded_at SET DEFAULT now()',
      // The agreed callbacks whose reminder is still to send (callback-reminders.ts).
      `CREATE INDEX lead_calls_reminder_idx ON lead_calls (rappel_le)
        WHERE rappel_le IS NOT NULL AND reminded_at IS NULL AND undone_at IS NULL`,
      // The advisor's "Reprogrammer": one row per choice, the latest after the last call counts.
      `CREATE TABLE lead_call_plans (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        planned_for timestamptz NOT NULL,
        admin_email text NOT NULL
      )`,
      'CREATE INDEX lead_call_plans_lead_idx ON lead_call_plans (lead_id, at)',
    ],
  },
  {
    id: 19,
    name: "a person's requests found by phone as well as by email",
    statements: [
      // persons.ts links requests by a shared email (leads_contact_idx) or a shared phone, within
      // 30 days of each other: without this index every link by phone read the whole table.
      'CREATE INDEX leads_telephone_idx ON leads (telephone, received_at)',
    ],
  },
  {
    id: 20,
    name: "Google's click ids with the other origin keys",
    statements: [
      // gclid, and gbraid and wbraid, which Google's links carry in its place from iOS apps: for
      // a later upload of conversions to Google Ads (speed-to-lead-sources.md §3.2). Leads from
      // before keep their click id in `page_url` only.
      `ALTER TABLE leads
        ADD COLUMN gclid text,
        ADD COLUMN gbraid text,
        ADD COLUMN wbraid text`,
    ],
  },
  {
    id: 23,
    name: 'which delivery channels the broker was told are failing',
    statements: [
      // One row per destination once it has failed: instances sharing the database tell the broker
      // of a change only when their own statement made it (channel-alerts.ts), so exactly once.
      `CREATE TABLE channel_alerts (
        destination text PRIMARY KEY,
        failing boolean NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    id: 24,
    name: "each client's lead budget, shared by the instances",
    statements: [
      // Several instances on PostgreSQL count a client's leads together (rate-limiter.ts): one
      // token bucket per client, keyed by a keyed hash of its address, never the address.
      // `allowed` is the last request's verdict, for the statement that spends a token to return.
      `CREATE TABLE rate_limit_buckets (
        key text PRIMARY KEY,
        tokens double precision NOT NULL,
        at timestamptz NOT NULL,
        allowed boolean NOT NULL
      )`,
      'CREATE INDEX rate_limit_buckets_at_idx ON rate_limit_buckets (at)',
    ],
  },
]

/** Applies the migrations not yet applied; returns their ids. */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey])
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const applied = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    )
    const pending = migrations.filter((migration) => !applied.has(migration.id))
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ])
    }
    return pending.map((migration) => migration.id)
  })
}
