import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { TRAVEL_BAND_COLOURS, TRAVEL_BAND_LABELS, TRAVEL_BANDS } from '../travel-band';

function Swatch({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack direction="row" role="listitem" sx={{ alignItems: 'center', gap: 0.75 }}>
      <svg width={18} height={12} aria-hidden="true">
        {children}
      </svg>
      <Box component="span">{label}</Box>
    </Stack>
  );
}

/** What the shapes and line colours mean. */
export function MapLegend() {
  const theme = useTheme();
  return (
    <Stack
      direction="row"
      aria-label="Map legend"
      role="list"
      sx={{
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        typography: 'caption',
        color: 'text.secondary',
      }}
    >
      <Swatch label="Job site">
        <circle cx={9} cy={6} r={4.5} fill={theme.palette.primary.main} />
      </Swatch>
      <Swatch label="Home">
        <path d="M9,2l4.5,8h-9z" fill={theme.palette.secondary.main} />
      </Swatch>
      <Swatch label="Kit">
        <path d="M9,0.5l5,5.5l-5,5.5l-5,-5.5z" fill={theme.palette.text.primary} />
      </Swatch>
      {TRAVEL_BANDS.map((band) => (
        <Swatch key={band} label={TRAVEL_BAND_LABELS[band]}>
          <line x1={1} y1={6} x2={17} y2={6} stroke={TRAVEL_BAND_COLOURS[band]} strokeWidth={2.5} />
        </Swatch>
      ))}
    </Stack>
  );
}
