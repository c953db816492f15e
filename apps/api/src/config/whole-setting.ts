/** Builds the error a module throws for one of its settings (each module has its own class). */
export type SettingErrorFactory = (message: string) => Error;

/**
 * The one reader of whole-number settings (task limits, load shedding, the
 * sign-in throttle): unset or blank gives `fallback`; anything but digits in
 * [min, max] throws the module's own error, naming the setting and the value.
 */
export function wholeSetting(
  env: Record<string, string | undefined>,
  name: string,
  bounds: { fallback: number; min: number; max: number },
  error: SettingErrorFactory,
): number {
  // eslint-disable-next-line meridian/string-key-injection -- name is one of the callers' own setting names
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return bounds.fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < bounds.min || value > bounds.max) {
    throw error(`${name} must be a whole number from ${bounds.min} to ${bounds.max}, got '${raw}'`);
  }
  return value;
}
