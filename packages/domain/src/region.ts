/**
 * US Census Bureau regions (the four statistical regions used in federal
 * reporting). A job's `region` is derived from the state of its zip code.
 */
export type CensusRegion = 'Northeast' | 'Midwest' | 'South' | 'West';

/** A region, or 'Territories' for the inhabited US territories and freely associated states. */
export type Region = CensusRegion | 'Territories';

const REGION_STATES: Record<CensusRegion, readonly string[]> = {
  Northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  Midwest: ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  // The Census Bureau counts the District of Columbia in the South Atlantic division.
  South: [
    'DE',
    'DC',
    'FL',
    'GA',
    'MD',
    'NC',
    'SC',
    'VA',
    'WV',
    'AL',
    'KY',
    'MS',
    'TN',
    'AR',
    'LA',
    'OK',
    'TX',
  ],
  West: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY', 'AK', 'CA', 'HI', 'OR', 'WA'],
};

/**
 * Territories are outside the four Census regions but the USPS gives them zip
 * codes (the zip table has PR and MH), so they get a group of their own rather
 * than vanishing from per-region analytics.
 */
const TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'MH', 'FM', 'PW'] as const;

const REGION_BY_STATE = new Map<string, Region>([
  ...Object.entries(REGION_STATES).flatMap(([region, states]) =>
    states.map((state) => [state, region as CensusRegion] as const),
  ),
  ...TERRITORIES.map((code) => [code, 'Territories'] as const),
]);

/**
 * The Census region of a two-letter state code (case-insensitive, DC included);
 * 'Territories' for PR, GU, VI, AS, MP, UM, MH, FM, PW; null for anything else,
 * including the military codes AA/AE/AP, which name no place.
 */
export function regionOfState(state: string | null | undefined): Region | null {
  if (!state) return null;
  return REGION_BY_STATE.get(state.trim().toUpperCase()) ?? null;
}

/** Every state code (50 states and DC) of one Census region. */
export function statesOfRegion(region: CensusRegion): readonly string[] {
  return REGION_STATES[region];
}
