import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';
import { alpha, useTheme } from '@mui/material/styles';
import { slotColor } from './timeline-styles';

const Swatch = ({ background, border }: { background: string; border?: string }) => (
  <Box
    component="span"
    sx={{ width: 14, height: 10, borderRadius: 0.5, background, border, flex: '0 0 auto' }}
  />
);

/** What the colours and marks of the timeline mean. */
export function TimelineLegend() {
  const theme = useTheme();
  const colors = slotColor(theme);
  const warning = theme.palette.warning.main;
  const items = [
    { label: 'Lead', swatch: <Swatch background={colors.lead} /> },
    { label: 'Data acq', swatch: <Swatch background={colors.data_acq} /> },
    { label: 'Kit', swatch: <Swatch background={colors.kit} /> },
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
    { label: 'Locked', swatch: <Lock sx={{ fontSize: 13 }} /> },
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
