import { wrongRoleText, type PhysicistRole } from '@meridian/domain';
import type { AssignOption } from '../../../components/jobs-table/assign-options';
import type { Slot, TargetRow, TimelineBar } from './timeline-rows';

/** What dropping a bar on a row would do. */
export type DropVerdict =
  | { kind: 'same' }
  | { kind: 'assign'; holderId: number | null }
  | { kind: 'refused'; reason: string };

/** The physicist role a slot needs (kits need none). */
export const ROLE_OF_SLOT: Record<Exclude<Slot, 'kit'>, PhysicistRole> = {
  lead: 'lead',
  data_acq: 'dataacq',
};

export const SLOT_WORDS: Record<Slot, string> = {
  lead: 'lead',
  data_acq: 'data-acquisition',
  kit: 'kit',
};

/**
 * Judges a drop the way the assignment dropdowns judge a pick: `options` are
 * the dropdown's own choices for the bar's job and slot (physicistOptions or
 * kitOptions, each with the domain's refusal reason), so the timeline refuses
 * exactly what a dropdown would disable. Rows the dropdown does not list (the
 * other role, a kit for a person) get the reason why. Dropping on the open
 * lane of the bar's own slot clears the slot, as the dropdown's "Unassigned" does.
 */
export function dropVerdict(
  bar: TimelineBar,
  row: TargetRow,
  options: ReadonlyMap<number, AssignOption>,
): DropVerdict {
  switch (row.kind) {
    case 'open':
      if (row.slot !== bar.slot)
        return { kind: 'refused', reason: `Only open ${SLOT_WORDS[row.slot]} slots go here` };
      return bar.holderId === null ? { kind: 'same' } : { kind: 'assign', holderId: null };
    case 'person': {
      if (bar.slot === 'kit')
        return {
          kind: 'refused',
          reason: `${row.person.name} is a physicist; a kit goes to a kit row`,
        };
      const needed = ROLE_OF_SLOT[bar.slot];
      if (row.person.role !== needed)
        return { kind: 'refused', reason: wrongRoleText(row.person.name, row.person.role, needed) };
      return judge(bar, row.person.id, options);
    }
    case 'kit':
      if (bar.slot !== 'kit')
        return {
          kind: 'refused',
          reason: `${row.kit.name} is a kit; the ${SLOT_WORDS[bar.slot]} slot goes to a physicist`,
        };
      return judge(bar, row.kit.id, options);
  }
}

function judge(
  bar: TimelineBar,
  holderId: number,
  options: ReadonlyMap<number, AssignOption>,
): DropVerdict {
  if (bar.holderId === holderId) return { kind: 'same' };
  const option = options.get(holderId);
  // Not among the dropdown's choices: the roster changed under the page; the server decides.
  if (option === undefined || option.refusal === null) return { kind: 'assign', holderId };
  return { kind: 'refused', reason: option.refusal };
}
