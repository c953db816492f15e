import { memo, type MouseEvent } from 'react';
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
const triangle = (x: number, y: number) => `M${x},${y - 3.8}l3.6,6.4h-7.2z`;
const diamond = (x: number, y: number) => `M${x},${y - 4}l4,4l-4,4l-4,-4z`;

/**
 * The drawing: land and state borders, trip lines by travel band under the
 * markers, then job sites (circles), and homes (triangles) and kits
 * (diamonds) on top, since they often share a site's zip. One click handler
 * finds the site under the pointer, also through a home or kit above it.
 */
export const UsMapSvg = memo(function UsMapSvg(props: UsMapSvgProps) {
  const { projection, model, selectedJobId, selectedZip, onSelectSite } = props;
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
      style={{ display: 'block', maxWidth: '100%' }}
    >
      <path
        d={projection.nationPath}
        fill={alpha(ink, 0.06)}
        stroke={alpha(ink, 0.35)}
        strokeWidth={0.8}
      />
      <path d={projection.bordersPath} fill="none" stroke={alpha(ink, 0.22)} strokeWidth={0.6} />
      <g fill="none" strokeOpacity={0.55} strokeWidth={1.1} strokeLinecap="round">
        {TRAVEL_BANDS.map((band) => {
          const lines = model.lines.filter((line) => line.band === band);
          return lines.length === 0 ? null : (
            <path
              key={band}
              d={linesPath(lines)}
              stroke={TRAVEL_BAND_COLOURS[band]}
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
            />
          ))}
        </g>
      )}
      <g
        fill={theme.palette.primary.main}
        stroke={theme.palette.background.paper}
        strokeWidth={1}
        style={{ cursor: 'pointer' }}
        data-layer="sites"
      >
        {model.sites.map((site) => (
          <circle
            key={site.zip}
            cx={site.x}
            cy={site.y}
            r={5.5}
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
        strokeWidth={1}
        data-layer="homes"
      >
        {model.homes.map((home) => (
          <path key={home.physicist.id} d={triangle(home.x, home.y)} data-marker="home">
            <title>{`${home.physicist.name}: home ${home.physicist.home_zip}`}</title>
          </path>
        ))}
      </g>
      <g fill={ink} stroke={theme.palette.background.paper} strokeWidth={1} data-layer="kits">
        {model.kits.map((kit) => (
          <path key={kit.kit.id} d={diamond(kit.x, kit.y)} data-marker="kit">
            <title>{`${kit.kit.name}: ${kit.placedBy === 'kit zip' ? `at ${kit.kit.current_location_zip}` : 'at the site of its current or latest job'}`}</title>
          </path>
        ))}
      </g>
      {selectedSite && (
        <circle
          cx={selectedSite.x}
          cy={selectedSite.y}
          r={10}
          fill="none"
          stroke={theme.palette.primary.main}
          strokeWidth={2.5}
          pointerEvents="none"
          data-testid="selected-site"
        />
      )}
    </svg>
  );
});
