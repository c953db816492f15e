import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Highlight } from './landing-copy';

interface LandingSectionProps {
  id: string;
  background: string;
  children: ReactNode;
}

/** One full-height section of the landing; each one is a scroll-snap stop. */
export function LandingSection({ id, background, children }: LandingSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      sx={{
        minHeight: '100vh',
        scrollSnapAlign: 'start',
        display: 'flex',
        alignItems: 'center',
        py: { xs: 6, md: 8 },
        background,
        color: 'common.white',
      }}
    >
      <Container maxWidth="lg">{children}</Container>
    </Box>
  );
}

/** A titled grid of highlight cards for the scheduling and analytics sections. */
export function HighlightGrid({ highlights }: { highlights: readonly Highlight[] }) {
  return (
    <Grid container spacing={2.5} sx={{ mt: 4 }}>
      {highlights.map((highlight) => (
        <Grid key={highlight.title} size={{ xs: 12, sm: 6 }}>
          <Card
            variant="outlined"
            sx={{
              height: '100%',
              bgcolor: 'rgba(255,255,255,0.08)',
              borderColor: 'rgba(255,255,255,0.22)',
              color: 'inherit',
              backdropFilter: 'blur(4px)',
            }}
          >
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 0.75 }}>
                {highlight.title}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.88, lineHeight: 1.6 }}>
                {highlight.text}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
