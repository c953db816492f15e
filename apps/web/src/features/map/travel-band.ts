import { travelHint, type TravelHint } from '@meridian/domain';

/** The travel bands in legend order, nearest first. */
export const TRAVEL_BANDS: readonly TravelHint[] = ['car', 'car or plane', 'plane'];

/** Line colour of each band: green drives, amber may fly, red flies. */
export const TRAVEL_BAND_COLOURS: Readonly<Record<TravelHint, string>> = {
  car: '#2e7d32',
  'car or plane': '#ef8c00',
  plane: '#d32f2f',
};

/** The legend's words for each band (the domain's thresholds: 200 and 450 miles). */
export const TRAVEL_BAND_LABELS: Readonly<Record<TravelHint, string>> = {
  car: 'under 200 mi, car',
  'car or plane': '200 to 450 mi, car or plane',
  plane: 'over 450 mi, plane',
};

/** The band of a trip, by the same rule as the tables' travel hint. */
export const travelBand = (miles: number): TravelHint => travelHint(miles);

/** The colour of a trip's line. */
export const travelBandColour = (miles: number): string => TRAVEL_BAND_COLOURS[travelBand(miles)];
