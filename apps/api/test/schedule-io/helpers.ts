import type { Job } from '@meridian/domain';
import type {
  ScheduleParseOptions,
  ScheduleParseResult,
  ScheduleParseSuccess,
} from '../../src/io/parse-schedule';
import type { InvalidResult } from '../../src/io/issues';

/** The roster the schedule tests parse against. */
export const OPTIONS: ScheduleParseOptions = {
  physicistNames: ['Ada Park', 'Ben Okafor', 'Cara Lind'],
  kitNames: ['Kit 01', 'Kit 02'],
};

/** Narrows to success or fails the test with the errors. */
export function expectOk(result: ScheduleParseResult): ScheduleParseSuccess {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
}

/** Narrows to an 'invalid' failure or fails the test. */
export function expectInvalid(result: ScheduleParseResult): InvalidResult {
  if (result.ok || result.kind !== 'invalid') {
    throw new Error(`expected invalid, got ${JSON.stringify(result).slice(0, 500)}`);
  }
  return result;
}

/** A stored job with every field set; tests override what they need. */
export function storedJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 1,
    customer: 'Mercy Hospital',
    location: 'Boston, MA',
    zip_code: '02115',
    package: 'CT Annual Survey',
    start: '2026-03-02',
    end: '2026-03-03',
    duration: 2,
    reason:
      'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi) || Reasoning: closest || Comment: ring ahead',
    version: 1,
    assigned_lead: 'Ada Park',
    assigned_lead_id: 1,
    assigned_data_acq: 'Ben Okafor',
    assigned_data_acq_id: 2,
    assigned_kit_id: 1,
    assigned_kit_name: 'Kit 01',
    kit_location: '02115',
    region: 'Northeast',
    ...overrides,
  };
}
