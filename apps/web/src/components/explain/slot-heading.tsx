import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';

/** A slot's heading in the explanation, with the lock chip when optimisation keeps it. */
export function SlotHeading({ title, pinned }: { title: string; pinned: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {pinned && <Chip size="small" icon={<Lock />} label="Locked: optimisation keeps it" />}
    </Stack>
  );
}
