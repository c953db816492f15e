import type {
  ScheduleParseOptions,
  ScheduleParseResult,
  ScheduleParseSuccess,
} from '../../src/schedule-io/parse-schedule';
import type { InvalidResult } from '../../src/schedule-io/issues';

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
