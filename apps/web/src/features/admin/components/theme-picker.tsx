import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { THEMES, type ThemeName } from '@meridian/domain';
import { buildTheme } from '../../../lib/themes/build-theme';
import { THEME_LABELS } from '../../../lib/themes/theme-options';

interface ThemePickerProps {
  value: ThemeName;
  onChange: (theme: ThemeName) => void;
}

/** The eight themes as swatch cards: app bar colour over the page and paper colours. */
export function ThemePicker({ value, onChange }: ThemePickerProps) {
  return (
    <Box
      role="radiogroup"
      aria-label="Theme"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
    >
      {THEMES.map((name) => {
        const { palette } = buildTheme(name);
        const isSelected = name === value;
        return (
          <ButtonBase
            key={name}
            role="radio"
            aria-checked={isSelected}
            aria-label={THEME_LABELS[name]}
            onClick={() => onChange(name)}
            sx={{
              display: 'block',
              textAlign: 'left',
              borderRadius: 2,
              overflow: 'hidden',
              border: 2,
              borderColor: isSelected ? 'primary.main' : 'divider',
              boxShadow: isSelected ? 4 : 0,
            }}
          >
            <Box sx={{ height: 22, bgcolor: palette.primary.main }} />
            <Box sx={{ p: 1.25, bgcolor: palette.background.default, display: 'flex', gap: 1 }}>
              <Box
                sx={{ flex: 1, height: 34, borderRadius: 1, bgcolor: palette.background.paper }}
              />
              <Box
                sx={{ width: 18, height: 34, borderRadius: 1, bgcolor: palette.secondary.main }}
              />
            </Box>
            <Box
              sx={{
                px: 1.25,
                py: 0.75,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                bgcolor: 'background.paper',
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {THEME_LABELS[name]}
              </Typography>
              {isSelected && <CheckCircle color="primary" fontSize="small" />}
            </Box>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
