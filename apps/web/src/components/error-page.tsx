import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error && typeof error === 'object' && 'statusText' in error) {
    // React Router's error responses carry a status and statusText, not a stack.
    const response = error as { status?: number; statusText?: string };
    return `${response.status ?? ''} ${response.statusText ?? ''}`.trim();
  }
  return String(error);
}

/** The error page ('Oops! Something went wrong.'): what went wrong, and a way to start again. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 720, width: '100%' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          Oops! Something went wrong.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The page hit an error it could not recover from. Refreshing usually helps; if it keeps
          happening, send the details below to your administrator.
        </Typography>
        <Box
          component="pre"
          sx={{
            p: 2,
            mb: 3,
            maxHeight: 240,
            overflow: 'auto',
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
          }}
        >
          {describe(error)}
        </Box>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </Paper>
    </Box>
  );
}
