import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPage } from '../support/harness';
import { expectToast, signInByToken } from '../support/app';
import { adminApi, ensureKit } from '../support/scheduling-data';
import { provided } from '../support/provided';

const { page } = useBrowserPage();

const KIT = 'Kits Page Kit';

interface KitRow {
  name: string;
  comments: string;
  current_location_zip: string;
}

beforeAll(() => ensureKit(KIT, '60601'));

// Regular users and kit editors are another change's subject; these are the scheduling roles.
describe('/kits', () => {
  for (const role of ['admin', 'manager'] as const) {
    it(`${role} edits a kit's comment`, async () => {
      const comment = `Checked by the ${role}`;
      await signInByToken(page(), provided(role));
      await page().goto('/kits');
      await page()
        .getByRole('button', { name: `Edit ${KIT}` })
        .click();
      const dialog = page().getByRole('dialog');
      await dialog.getByLabel('Comments').fill(comment);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page(), `Kit ${KIT} updated successfully.`);
      await page().getByTestId(`kit-row-${KIT}`).filter({ hasText: comment }).waitFor();
      const kit = (await adminApi<KitRow[]>('/kits/')).find((k) => k.name === KIT);
      expect(kit).toMatchObject({ comments: comment, current_location_zip: '60601' });
    });
  }
});
