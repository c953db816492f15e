/* eslint-disable security/detect-non-literal-fs-filename -- the secret file sits in the configured data folder, set by the operator */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, MIN_JWT_SECRET_BYTES, type Config, type RuntimeConfig } from './config';

/** Returns the config with a signing key: JWT_SECRET, or one generated once into DATA_DIR/jwt-secret. */
export async function resolveJwtSecret(config: Config): Promise<RuntimeConfig> {
  if (config.jwtSecret !== null) return { ...config, jwtSecret: config.jwtSecret };
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (Buffer.byteLength(stored, 'utf8') < MIN_JWT_SECRET_BYTES) {
      throw new ConfigError(
        `${file} holds fewer than ${MIN_JWT_SECRET_BYTES} bytes; delete it to generate a new key`,
      );
    }
    return { ...config, jwtSecret: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' so two first starts cannot overwrite each other's key; 0600 because it signs every session.
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process wrote it first: use theirs so both sign with the same key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveJwtSecret(config);
    throw error;
  }
  await chmod(file, 0o600);
  return { ...config, jwtSecret: secret };
}
