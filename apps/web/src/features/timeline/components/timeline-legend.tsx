import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';
import { alpha, useTheme } from '@mui/material/styles';
import type { IsoDate } from '@meridian/domain';
import { publishedThroughText } from '../../../lib/plan-phase';
import { avoidedHatch, pastBarColor, publishedLineColor, slotColor } from './timeline-styles';

const Swatch = (props: { background: string; border?: string; edge?: string }) => (
  <Box
    component="span"
    sx={{
      width: 14,
      height: 10,
      borderRadius: 0.5,
      background: props.background,
      border: props.border,
      borderLeft: props.edge && `3px solid ${props.edge}`,
      flex: '0 0 auto',
    }}
  />
);

const Line = ({ color }: { color: string }) => (
  <Box component="span" sx={{ width: 3, height: 14, background: color, flex: '0 0 auto' }} />
);

/** What the colours, lines and marks of the timeline mean, in words. */
export function TimelineLegend({
  publishedThrough,
  showsAvoided = false,
}: {
  publishedThrough: IsoDate | null;
  /** Whether the rows show the days people asked to avoid (managers, when anyone stated any). */
  showsAvoided?: boolean;
}) {
  const theme = useTheme();
  const colors = slotColor(theme);
  const warning = theme.palette.warning.main;
  const paper = theme.palette.background.paper;
  const items: { label: string; swatch: ReactNode }[] = [
    { label: 'Lead', swatch: <Swatch background={colors.lead} /> },
    { label: 'Data acq', swatch: <Swatch background={colors.data_acq} /> },
    { label: 'Kit', swatch: <Swatch background={colors.kit} /> },
    { label: 'Published: solid', swatch: <Swatch background={colors.lead} /> },
    {
      label: 'Draft: dashed edge',
      swatch: (
        <Box
          component="span"
          sx={{
            width: 18,
            height: 12,
            borderRadius: 0.5,
            background: colors.lead,
            outline: `1.5px dashed ${paper}`,
            outlineOffset: -3.5,
            flex: '0 0 auto',
          }}
        />
      ),
    },
    {
      label: 'Past: grey',
      swatch: <Swatch background={pastBarColor(theme)} edge={colors.lead} />,
    },
    {
      label: 'Open slot',
      swatch: <Swatch background={alpha(colors.lead, 0.1)} border={`1px dashed ${colors.lead}`} />,
    },
    {
      label: 'Leave',
      swatch: (
        <Swatch
          background={`repeating-linear-gradient(135deg, ${alpha(warning, 0.4)} 0 3px, ${alpha(warning, 0.1)} 3px 6px)`}
        />
      ),
    },
    ...(showsAvoided
      ? [
          {
            label: 'Asked to avoid',
            swatch: (
              <Swatch
                background={avoidedHatch(theme)}
                border={`1px solid ${theme.palette.divider}`}
              />
            ),
          },
        ]
      : []),
    { label: 'Locked', swatch: <Lock sx={{ fontSize: 13 }} /> },
    { label: 'Today', swatch: <Line color={theme.palette.error.main} /> },
    {
      label: publishedThroughText(publishedThrough),
      swatch: publishedThrough === null ? null : <Line color={publishedLineColor(theme)} />,
    },
  ];
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Legend"
      sx={{ flexWrap: 'wrap', columnGap: 1.75, rowGap: 0.5, listStyle: 'none', m: 0, p: 0 }}
    >
      {items.map((item) => (
        <Stack
          key={item.label}
          component="li"
          direction="row"
          spacing={0.75}
          sx={{ alignItems: 'center' }}
          data-testid={item.label.startsWith('Published through') ? 'legend-published' : undefined}
        >
          {item.swatch}
          <Typography variant="caption" color="text.secondary">
            {item.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
