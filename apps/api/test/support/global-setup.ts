import { embeddedTemplate } from './test-app';

/**
 * Makes the embedded database's test template (support/test-app.ts) once,
 * before the files start side by side; otherwise each of the first files
 * found none and made its own, each running initdb.
 */
export default async function setup(): Promise<void> {
  await embeddedTemplate();
}
