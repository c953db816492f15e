import { memo, type MouseEvent, type Ref } from 'react';
import type { ZoomTransform } from 'd3-zoom';
import { alpha, useTheme } from '@mui/material/styles';
import type { MapModel, TripLine } from '../map-model';
import type { UsProjection } from '../us-projection';
import { TRAVEL_BAND_COLOURS, TRAVEL_BANDS } from '../travel-band';

interface UsMapSvgProps {
  projection: UsProjection;
  model: MapModel;
  selectedJobId: number | null;
  selectedZip: string | null;
  onSelectSite: (zip: string) => void;
  /** The zoom and pan (d3-zoom's transform) and the element it listens on. */
  transform: ZoomTransform;
  svgRef: Ref<SVGSVGElement>;
  touchAction: string;
}

/** All lines of one band as one path: thousands of <line> elements would each cost layout and paint. */
const linesPath = (lines: readonly TripLine[]): string =>
  lines
    .map(
      (l) =>
        `M${l.from.x.toFixed(1)},${l.from.y.toFixed(1)}L${l.to.x.toFixed(1)},${l.to.y.toFixed(1)}`,
    )
    .join('');

// Smaller than a site's circle, so a site under a home or kit still shows its rim.
// `s` is 1 / zoom: markers keep their pixel size while the map grows under them.
const triangle = (x: number, y: number, s: number) =>
  `M${x},${y - 3.8 * s}l${3.6 * s},${6.4 * s}h${-7.2 * s}z`;
const diamond = (x: number, y: number, s: number) =>
  `M${x},${y - 4 * s}l${4 * s},${4 * s}l${-4 * s},${4 * s}l${-4 * s},${-4 * s}z`;

/**
 * The drawing: land and state borders, trip lines by travel band under the
 * markers, then job sites (circles), and homes (triangles) and kits
 * (diamonds) on top, since they often share a site's zip. One click handler
 * finds the site under the pointer, also through a home or kit above it.
 * Zoomed, the land and lines scale (their strokes do not) and the markers
 * keep their size, so close sites separate instead of growing together.
 */
export const UsMapSvg = memo(function UsMapSvg(props: UsMapSvgProps) {
  const { projection, model, selectedJobId, selectedZip, onSelectSite, transform } = props;
  const s = 1 / transform.k;
  const theme = useTheme();
  const ink = theme.palette.text.primary;
  const selectedLines = model.lines.filter((line) => line.jobId === selectedJobId);
  const selectedSite = model.sites.find((site) => site.zip === selectedZip);
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const hit = document
      .elementsFromPoint(event.clientX, event.clientY)
      .find((element) => element instanceof SVGElement && element.dataset.marker === 'site');
    const zip = (hit as SVGElement | undefined)?.dataset.zip;
    if (zip) onSelectSite(zip);
  };

  return (
    <svg
      width={projection.width}
      height={projection.height}
      viewBox={`0 0 ${projection.width} ${projection.height}`}
      role="img"
      aria-label={`Map of ${model.sites.length} job sites, ${model.homes.length} homes, ${model.kits.length} kits and ${model.lines.length} trips`}
      data-testid="us-map"
      onClick={onClick}
      ref={props.svgRef}
      data-zoom={transform.k.toFixed(2)}
      style={{ display: 'block', maxWidth: '100%', touchAction: props.touchAction }}
    >
      <g transform={transform.toString()} data-testid="map-zoom-layer">
        <path
          d={projection.nationPath}
          fill={alpha(ink, 0.06)}
          stroke={alpha(ink, 0.35)}
          strokeWidth={0.8}
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={projection.bordersPath}
          fill="none"
          stroke={alpha(ink, 0.22)}
          strokeWidth={0.6}
          vectorEffect="non-scaling-stroke"
        />
        <g fill="none" strokeOpacity={0.55} strokeWidth={1.1} strokeLinecap="round">
          {TRAVEL_BANDS.map((band) => {
            const lines = model.lines.filter((line) => line.band === band);
            return lines.length === 0 ? null : (
              <path
                key={band}
                d={linesPath(lines)}
                stroke={TRAVEL_BAND_COLOURS[band]}
                vectorEffect="non-scaling-stroke"
                data-band={band}
                data-line-count={lines.length}
              />
            );
          })}
        </g>
        {selectedLines.length > 0 && (
          <g fill="none" strokeWidth={3} strokeLinecap="round" data-testid="selected-trips">
            {selectedLines.map((line) => (
              <path
                key={line.physicistId}
                d={linesPath([line])}
                stroke={TRAVEL_BAND_COLOURS[line.band]}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
        )}
        <g
          fill={theme.palette.primary.main}
          stroke={theme.palette.background.paper}
          strokeWidth={s}
          style={{ cursor: 'pointer' }}
          data-layer="sites"
        >
          {model.sites.map((site) => (
            <circle
              key={site.zip}
              cx={site.x}
              cy={site.y}
              r={5.5 * s}
              data-zip={site.zip}
              data-marker="site"
            >
              <title>{`${site.zip}: ${site.jobIds.length} ${site.jobIds.length === 1 ? 'job' : 'jobs'}`}</title>
            </circle>
          ))}
        </g>
        <g
          fill={theme.palette.secondary.main}
          stroke={theme.palette.background.paper}
          strokeWidth={s}
          data-layer="homes"
        >
          {model.homes.map((home) => (
            <path key={home.physicist.id} d={triangle(home.x, home.y, s)} data-marker="home">
              <title>{`${home.physicist.name}: home ${home.physicist.home_zip}`}</title>
            </path>
          ))}
        </g>
        <g fill={ink} stroke={theme.palette.background.paper} strokeWidth={s} data-layer="kits">
          {model.kits.map((kit) => (
            <path key={kit.kit.id} d={diamond(kit.x, kit.y, s)} data-marker="kit">
              <title>{`${kit.kit.name}: ${kit.placedBy === 'kit zip' ? `at ${kit.kit.current_location_zip}` : 'at the site of its current or latest job'}`}</title>
            </path>
          ))}
        </g>
        {selectedSite && (
          <circle
            cx={selectedSite.x}
            cy={selectedSite.y}
            r={10 * s}
            fill="none"
            stroke={theme.palette.primary.main}
            strokeWidth={2.5 * s}
            pointerEvents="none"
            data-testid="selected-site"
          />
        )}
      </g>
    </svg>
  );
});
