import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiLineString } from 'geojson';

/** The US outline and the borders between states, as GeoJSON for d3-geo. */
export interface UsShapes {
  /** Every state (and territory) of us-atlas' states-10m.json. */
  states: FeatureCollection;
  /** The nation as one shape: the land the markers sit on. */
  nation: FeatureCollection;
  /** Borders shared by two states, drawn once each (no doubled strokes). */
  innerBorders: MultiLineString;
}

type UsTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

const isGeometryCollection = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'GeometryCollection' &&
  Array.isArray((value as { geometries?: unknown }).geometries);

/**
 * Checks that the bundled file is the us-atlas states topology this code
 * draws (a different file or version would otherwise fail deep inside d3).
 */
function asUsTopology(data: unknown): UsTopology {
  const candidate = data as { type?: unknown; objects?: Record<string, unknown> };
  if (
    candidate?.type !== 'Topology' ||
    !isGeometryCollection(candidate.objects?.states) ||
    !isGeometryCollection(candidate.objects?.nation)
  ) {
    throw new Error('The map data is not the us-atlas states topology (objects states, nation).');
  }
  return data as UsTopology;
}

/** Converts the us-atlas states-10m topology to the shapes the map draws. */
export function usShapesFromTopology(data: unknown): UsShapes {
  const topology = asUsTopology(data);
  const states = feature(topology, topology.objects.states);
  const nation = feature(topology, topology.objects.nation);
  return {
    states: states,
    nation: nation,
    innerBorders: mesh(topology, topology.objects.states, (a, b) => a !== b),
  };
}

/**
 * Loads the topology bundled with the web app (its own chunk, fetched only
 * when a map is shown; nothing comes from the internet) and converts it.
 */
export async function loadUsShapes(): Promise<UsShapes> {
  const module = (await import('us-atlas/states-10m.json')) as { default: unknown };
  return usShapesFromTopology(module.default);
}
