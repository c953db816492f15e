import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A displayed formula, set in a serif italic like a textbook equation. */
export function Formula({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      role="math"
      aria-label={label}
      sx={{
        my: 2,
        px: 2.5,
        py: 1.75,
        borderLeft: 4,
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontFamily: 'Georgia, "Times New Roman", serif',
        fontSize: { xs: 16, sm: 19 },
        overflowX: 'auto',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}

/** An italic variable name inside prose. */
export const V = ({ children }: { children: ReactNode }) => (
  <Box component="var" sx={{ fontFamily: 'Georgia, serif', fontStyle: 'italic' }}>
    {children}
  </Box>
);
