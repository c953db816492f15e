import type { TextEncoding } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { KitsService } from './kits.service';
import {
  issueToText,
  type ImportIssue,
  type InvalidResult,
  type TooLargeResult,
} from '../io/issues';
import { parseKitsCsv, parsePhysiciansCsv } from '../io/parse-roster';
import { encodingWarning } from '../io/text-input';
import type { PhysicistsService } from './physicists.service';

/** The encoding's warning, the listed warnings (at most 100) as text, then how many more there were. */
function warningTexts(parsed: {
  warnings: ImportIssue[];
  total_warnings: number;
  encoding: TextEncoding;
}): string[] {
  const texts = [...encodingWarning(parsed.encoding), ...parsed.warnings.map(issueToText)];
  const rest = parsed.total_warnings - parsed.warnings.length;
  if (rest > 0) texts.push(`... and ${rest} more warnings`);
  return texts;
}

/** A roster import: rows added with warnings, or the refused file (nothing added). */
export type RosterImportOutcome =
  | { ok: true; result: { added: number; warnings: string[]; encoding: TextEncoding } }
  | InvalidResult
  | TooLargeResult;

/** CSV import of physicists and kits: all rows or none, names new to the roster. */
export class RosterImportService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly physicists: PhysicistsService,
    private readonly kits: KitsService,
  ) {}

  /** Adds every physicist of a `name, role, home_zip` CSV, or none. */
  async importPhysicists(bytes: Uint8Array): Promise<RosterImportOutcome> {
    const parsed = parsePhysiciansCsv(bytes);
    if (!parsed.ok) return parsed;
    const added = await this.db
      .transaction()
      .execute((trx) => this.physicists.insertMany(parsed.rows, trx));
    return {
      ok: true,
      result: { added: added.length, warnings: warningTexts(parsed), encoding: parsed.encoding },
    };
  }

  /** Adds every kit of a `name, current_location_zip, is_out_for_maintenance, comments` CSV, or none. */
  async importKits(bytes: Uint8Array): Promise<RosterImportOutcome> {
    const parsed = parseKitsCsv(bytes);
    if (!parsed.ok) return parsed;
    const added = await this.db
      .transaction()
      .execute((trx) => this.kits.insertMany(parsed.rows, trx));
    return {
      ok: true,
      result: { added: added.length, warnings: warningTexts(parsed), encoding: parsed.encoding },
    };
  }
}
