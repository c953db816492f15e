/** One named physicist with a distance, as written in a reason's candidate or assignment part. */
export interface NamedDistance {
  name: string;
  miles: number | null;
}

/** The lead and acquisition sides of 'Lead: a (N mi), b (N mi) | Acq: c (N mi)'. */
export interface CandidateLists {
  lead: NamedDistance[];
  acq: NamedDistance[];
}

// eslint-disable-next-line security/detect-unsafe-regex -- reads the server's own candidate text (a few names with miles), not user input
const ENTRY = /\s*([^,(]+?)\s*(?:\((\d+(?:\.\d+)?)\s*mi\))?\s*(?:,|$)/g;

function readSide(text: string): NamedDistance[] {
  const entries: NamedDistance[] = [];
  for (const match of text.matchAll(ENTRY)) {
    const name = match[1]?.trim();
    if (!name || name.toLowerCase() === 'unassigned' || name.toLowerCase() === 'none') continue;
    entries.push({ name, miles: match[2] ? Number(match[2]) : null });
  }
  return entries;
}

/** Reads the candidate (or assignment) summary of a reason into lead and acquisition lists. */
export function parseCandidates(summary: string): CandidateLists {
  const lists: CandidateLists = { lead: [], acq: [] };
  for (const part of summary.split('|')) {
    const side = /^\s*(Lead|Acq)\s*:(.*)$/i.exec(part);
    if (!side) continue;
    const entries = readSide(side[2] ?? '');
    if (side[1]?.toLowerCase() === 'lead') lists.lead = entries;
    else lists.acq = entries;
  }
  return lists;
}
