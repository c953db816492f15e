import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Reads and writes of whole-plan slot states (recorded runs and their undo),
// for JobsRepository only (the jobs table's one owner).

/** A slot's value: the linked id, or null with the name text an upload left. */
export interface SlotValue {
  id: number | null;
  name: string;
}

/** One job's slots as they are stored, names as the API shows them. */
export interface PlanSlots {
  id: number;
  customer: string;
  reason: string;
  lead: SlotValue | null;
  data_acq: SlotValue | null;
  kit: SlotValue | null;
  /** Locked slots (the optimiser keeps them). */
  pinned: { lead: boolean; data_acq: boolean; kit: boolean };
}

interface Row {
  id: number;
  customer: string;
  reason: string;
  lead_id: number | null;
  lead_name: string | null;
  acq_id: number | null;
  acq_name: string | null;
  kit_id: number | null;
  kit_name: string | null;
  lead_pinned: boolean;
  data_acq_pinned: boolean;
  kit_pinned: boolean;
}

const value = (id: number | null, name: string | null): SlotValue | null =>
  id === null && name === null ? null : { id, name: name ?? `#${id}` };

/** Every job's slots (or only those of `ids`), in id order. */
export async function readPlanSlots(db: Kysely<DB>, ids?: readonly number[]): Promise<PlanSlots[]> {
  const only = ids === undefined ? sql`true` : sql`j.id = any(${[...ids]}::int[])`;
  const { rows } = await sql<Row>`
    select j.id, j.customer, j.reason,
      j.assigned_lead_id as lead_id, coalesce(l.name, j.assigned_lead_name) as lead_name,
      j.assigned_data_acq_id as acq_id, coalesce(a.name, j.assigned_data_acq_name) as acq_name,
      j.assigned_kit_id as kit_id, coalesce(k.name, j.assigned_kit_name) as kit_name,
      j.lead_pinned, j.data_acq_pinned, j.kit_pinned
    from jobs j
    left join physicists l on l.id = j.assigned_lead_id
    left join physicists a on a.id = j.assigned_data_acq_id
    left join kits k on k.id = j.assigned_kit_id
    where ${only}
    order by j.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    customer: r.customer,
    reason: r.reason,
    lead: value(r.lead_id, r.lead_name),
    data_acq: value(r.acq_id, r.acq_name),
    kit: value(r.kit_id, r.kit_name),
    pinned: { lead: r.lead_pinned, data_acq: r.data_acq_pinned, kit: r.kit_pinned },
  }));
}

/** What a restore writes on one job: the slots it puts back (absent: untouched) and the reason. */
export interface SlotRestore {
  id: number;
  lead?: SlotValue | null;
  data_acq?: SlotValue | null;
  kit?: SlotValue | null;
  reason: string | null;
}

/**
 * Puts slots back in one statement: each given slot gets its value (a linked
 * id, or the unmatched name text), unpinned, as a run found it (runs never
 * change pinned slots); the reason when given; one new version per job.
 */
export async function restorePlanSlots(
  rows: readonly SlotRestore[],
  db: Kysely<DB>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const has = (s: 'lead' | 'data_acq' | 'kit') => rows.map((r) => s in r);
  const ids = (s: 'lead' | 'data_acq' | 'kit') => rows.map((r) => r[s]?.id ?? null);
  const names = (s: 'lead' | 'data_acq' | 'kit') =>
    rows.map((r) => (r[s] && r[s].id === null ? r[s].name : null));
  const result = await sql`
    update jobs as j set
      assigned_lead_id = case when u.set_lead then u.lead else j.assigned_lead_id end,
      assigned_lead_name = case when u.set_lead then u.lead_name else j.assigned_lead_name end,
      lead_pinned = case when u.set_lead then false else j.lead_pinned end,
      assigned_data_acq_id = case when u.set_acq then u.acq else j.assigned_data_acq_id end,
      assigned_data_acq_name = case when u.set_acq then u.acq_name else j.assigned_data_acq_name end,
      data_acq_pinned = case when u.set_acq then false else j.data_acq_pinned end,
      assigned_kit_id = case when u.set_kit then u.kit else j.assigned_kit_id end,
      assigned_kit_name = case when u.set_kit then u.kit_name else j.assigned_kit_name end,
      kit_pinned = case when u.set_kit then false else j.kit_pinned end,
      reason = coalesce(u.reason, j.reason),
      version = j.version + 1
    from unnest(
      ${rows.map((r) => r.id)}::int[],
      ${has('lead')}::boolean[], ${ids('lead')}::int[], ${names('lead')}::text[],
      ${has('data_acq')}::boolean[], ${ids('data_acq')}::int[], ${names('data_acq')}::text[],
      ${has('kit')}::boolean[], ${ids('kit')}::int[], ${names('kit')}::text[],
      ${rows.map((r) => r.reason)}::text[]
    ) as u(id, set_lead, lead, lead_name, set_acq, acq, acq_name, set_kit, kit, kit_name, reason)
    where j.id = u.id`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
