/** A size in megabytes with one decimal, as upload limits are stated. */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A file's size, in KB below a megabyte (a short clip would read 0.0 MB). */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : megabytes(bytes);
