import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import {
  adminApi,
  clearSchedule,
  ensurePhysicists,
  jobByCustomer,
  replaceSchedule,
} from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

// Two jobs in New York and Boston; the leads live in New York and Los Angeles.
const CSV = [
  'record_type,customer,location,zip_code,package,start,end,comment,physicist_name',
  'job,Why Clinic,New York,10016,Linac QA,2027-05-03,2027-05-04,,',
  'job,Lock Hospital,Boston,02115,CT Survey,2027-05-10,2027-05-11,,',
].join('\n');

interface PinnedJob {
  id: number;
  assigned_lead: string | null;
  lead_pinned: boolean;
}

beforeAll(async () => {
  await ensurePhysicists([
    { name: 'XL Lead Near', role: 'lead', home_zip: '10016' },
    { name: 'XL Lead Far', role: 'lead', home_zip: '90012' },
    { name: 'XL Acq', role: 'dataacq', home_zip: '02115' },
  ]);
  await replaceSchedule(CSV);
});
afterAll(async () => {
  await clearSchedule();
});

const pinnedJob = async (customer: string) => {
  const { id } = await jobByCustomer(customer);
  const jobs = await adminApi<PinnedJob[]>('/jobs/');
  return jobs.find((job) => job.id === id)!;
};

describe('explanations and locks', () => {
  it('locks a manual assignment, and the toast says so', async () => {
    const { id } = await jobByCustomer('Why Clinic');
    await signInByToken(page(), provided('manager'));
    await page().goto('/schedule');
    await page()
      .getByRole('combobox', { name: `Lead of job ${id}` })
      .click();
    await page()
      .getByRole('option', { name: /^XL Lead Far/ })
      .click();
    await expectToast(
      page(),
      `XL Lead Far assigned as lead of job ${id} and locked: optimisation keeps this choice until it is unlocked.`,
    );
    await page()
      .getByRole('button', { name: `Unlock Lead of job ${id}` })
      .waitFor();
    expect((await pinnedJob('Why Clinic')).lead_pinned).toBe(true);
  });

  it('explains an Assignments row: the holder, the next best with its change of F, and refusals', async () => {
    const { id } = await jobByCustomer('Why Clinic');
    await signInByToken(page(), provided('regular'));
    await page().goto('/assignments');
    // A regular user sees the lock, read-only.
    await page()
      .getByRole('img', { name: new RegExp(`^Lead of job ${id} is locked`) })
      .waitFor();
    await page()
      .getByRole('button', { name: `Why this assignment? Job ${id}` })
      .click();
    const dialog = page().getByRole('dialog', { name: /Why this assignment/ });
    const nextBest = dialog.getByTestId('next-best-lead');
    await nextBest.waitFor();
    // Far lives in Los Angeles: someone nearer is the next best, at a lower F.
    expect(await nextBest.textContent()).toMatch(
      /^Next best: .+, \u2212[\d,]+ mi, [+\u2212]?[\d.]+ on balance, (.+, )?F \u2212[\d,.]+$/,
    );
    expect(await dialog.textContent()).toContain('XL Lead Far:');
    expect(await dialog.textContent()).toContain('Locked: optimisation keeps it');
    // In the data-acquisition slot, every lead is refused as the wrong role, counted in one line.
    expect(await dialog.textContent()).toMatch(
      /lead physicists cannot take this slot \(wrong role\)/,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('unlocks a slot with the toggle, and the server keeps the holder unlocked', async () => {
    const { id } = await jobByCustomer('Why Clinic');
    await signInByToken(page(), provided('manager'));
    await page().goto('/assignments');
    await page()
      .getByRole('button', { name: `Unlock Lead of job ${id}` })
      .click();
    await expectToast(page(), `Lead of job ${id} unlocked: optimisation may now change it.`);
    await page()
      .getByRole('button', { name: `Lock Lead of job ${id}` })
      .waitFor();
    const job = await pinnedJob('Why Clinic');
    expect(job).toMatchObject({ lead_pinned: false, assigned_lead: 'XL Lead Far' });
  });
});
