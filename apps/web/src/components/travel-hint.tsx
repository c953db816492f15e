import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Flight from '@mui/icons-material/Flight';
import { travelHint } from '@meridian/domain';

/** A distance with its travel mode (car under 200 mi, car or plane to 450, plane beyond). */
export function TravelDistance({ miles }: { miles: number }) {
  const hint = travelHint(miles);
  const iconSx = { fontSize: 15, verticalAlign: 'text-bottom' };
  return (
    <Tooltip title={hint}>
      <Box
        component="span"
        data-travel-hint={hint}
        aria-label={`${Math.round(miles)} mi, ${hint}`}
        sx={{ whiteSpace: 'nowrap', color: 'text.secondary', fontSize: '0.8em' }}
      >
        ({Math.round(miles)} mi {hint !== 'plane' && <DirectionsCar sx={iconSx} />}
        {hint === 'car or plane' && '/'}
        {hint !== 'car' && <Flight sx={iconSx} />})
      </Box>
    </Tooltip>
  );
}
