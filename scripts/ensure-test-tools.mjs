// The tests use programs npm cannot install, all Debian packages: the browser
// tests drive Chromium's headless shell, the benches (e2e/bench/) Chromium
// itself, and the PDF export's test reads its text back with pdftotext
// (poppler-utils). Install what is missing with apt-get when we are root,
// otherwise stop with a one-line instruction.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const NEEDED = [
  { program: '/usr/bin/chromium', pkg: 'chromium' },
  { program: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
  { program: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];
const missing = NEEDED.filter(({ program }) => !existsSync(program)).map(({ pkg }) => pkg);
if (missing.length > 0) {
  const packages = missing.join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The tests need Debian's ${packages}: run 'sudo apt-get install -y ${packages}'.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian ${packages} for the tests (apt-get)...`);
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
      { stdio: 'inherit', shell: '/bin/bash' },
    );
  } catch {
    console.error(
      `Could not install ${packages}: run 'apt-get install -y ${packages}' and try again.`,
    );
    process.exit(1);
  }
}
