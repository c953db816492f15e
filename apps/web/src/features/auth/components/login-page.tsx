import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { useActiveBackground } from '../api/get-active-background';
import { ANALYTICS, SCHEDULING, WELCOME } from './landing-copy';
import { HighlightGrid, LandingSection } from './landing-section';
import { LoginForm } from './login-form';

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** /login: the marketing landing (three scroll-snap sections) with the sign-in form. */
export function LoginPage() {
  const video = useActiveBackground().data ?? null;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <Box
      component="main"
      sx={{ height: '100vh', overflowY: 'auto', scrollSnapType: 'y mandatory' }}
    >
      <LandingSection
        id="welcome"
        background="linear-gradient(135deg, #0b2545 0%, #13315c 55%, #1c4f9c 100%)"
        video={reducedMotion ? null : video}
      >
        <Grid container spacing={6} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="overline" sx={{ letterSpacing: 3, opacity: 0.8 }}>
              {WELCOME.eyebrow}
            </Typography>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
              {WELCOME.title}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mb: 3 }}>
              {WELCOME.lead}
            </Typography>
            <Stack spacing={1.25}>
              {WELCOME.points.map((point) => (
                <Stack key={point} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <CheckCircleOutline sx={{ color: '#7fd1c7' }} />
                  <Typography>{point}</Typography>
                </Stack>
              ))}
            </Stack>
            <Button
              onClick={() => scrollTo('scheduling')}
              endIcon={<KeyboardArrowDown />}
              sx={{ mt: 4, color: 'inherit', borderColor: 'rgba(255,255,255,0.5)' }}
              variant="outlined"
            >
              How it works
            </Button>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', justifyContent: 'center' }}>
            <LoginForm />
          </Grid>
        </Grid>
      </LandingSection>
      <LandingSection
        id="scheduling"
        background="linear-gradient(135deg, #004d40 0%, #00695c 60%, #00897b 100%)"
      >
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }}>
          {SCHEDULING.title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mt: 2 }}>
          {SCHEDULING.lead}
        </Typography>
        <HighlightGrid highlights={SCHEDULING.highlights} />
      </LandingSection>
      <LandingSection
        id="analytics"
        background="linear-gradient(135deg, #311b92 0%, #4527a0 55%, #5e35b1 100%)"
      >
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }}>
          {ANALYTICS.title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mt: 2 }}>
          {ANALYTICS.lead}
        </Typography>
        <HighlightGrid highlights={ANALYTICS.highlights} />
        <Button
          variant="contained"
          color="inherit"
          onClick={() => scrollTo('welcome')}
          sx={{ mt: 5, color: '#311b92' }}
        >
          Back to sign in
        </Button>
      </LandingSection>
    </Box>
  );
}
