// The browser tests drive Debian's Chromium; npm cannot install it. Install it
// with apt-get when we are root, otherwise stop with a one-line instruction.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium'.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests (apt-get)...');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
        shell: '/bin/bash',
      },
    );
  } catch {
    console.error(`Could not install chromium: run 'apt-get install -y chromium' and try again.`);
    process.exit(1);
  }
}
