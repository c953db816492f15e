import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface LoginFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A required outlined text field that looks like MUI's TextField, built from
 * its parts: TextField also imports Select (with Menu, List and Popper) for its
 * `select` mode, about 60 KiB of compressed JavaScript the sign-in page never
 * uses (Lighthouse's unused JavaScript, docs/performance.md).
 */
export function LoginField({
  label,
  name,
  type = 'text',
  autoComplete,
  value,
  onChange,
}: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" required fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        label={`${label}\u2009*`}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </FormControl>
  );
}
