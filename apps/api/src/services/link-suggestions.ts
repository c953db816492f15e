import type { LinkSuggestion } from '@meridian/contracts';
import type { Physicist } from '@meridian/domain';
import type { UserRow } from '../db/schema';

export type { LinkSuggestion };

/** Lower case letters and digits only: "Jane Doe", "jane.doe" and "JaneDoe" read alike. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Pairs each unlinked account with the unlinked physicist its username or
 * e-mail's local part names (letters and digits compared, case ignored). A
 * suggestion is only offered when exactly one physicist matches, so an admin
 * never confirms a guess between namesakes.
 */
export function suggestLinks(
  users: readonly Pick<UserRow, 'id' | 'username' | 'email' | 'physicist_id'>[],
  physicists: readonly Pick<Physicist, 'id' | 'name'>[],
): LinkSuggestion[] {
  const taken = new Set(users.flatMap((u) => (u.physicist_id === null ? [] : [u.physicist_id])));
  const byName = new Map<string, Pick<Physicist, 'id' | 'name'>[]>();
  for (const p of physicists) {
    if (taken.has(p.id)) continue;
    const key = squash(p.name);
    if (key === '') continue;
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const suggestions: LinkSuggestion[] = [];
  for (const user of users) {
    if (user.physicist_id !== null) continue;
    const candidates: [LinkSuggestion['matched_on'], string][] = [
      ['name', squash(user.username)],
      ['email', squash(user.email.split('@')[0] ?? '')],
    ];
    for (const [matchedOn, key] of candidates) {
      const matches = byName.get(key) ?? [];
      const only = matches.length === 1 ? matches[0] : undefined;
      if (only === undefined) continue;
      suggestions.push({
        user_id: user.id,
        physicist_id: only.id,
        physicist_name: only.name,
        matched_on: matchedOn,
      });
      break;
    }
  }
  return suggestions;
}
