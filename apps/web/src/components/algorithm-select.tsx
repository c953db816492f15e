import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import {
  ALGORITHM_DESCRIPTIONS,
  ALGORITHMS,
  isAlgorithmKey,
  type AlgorithmKey,
} from '@meridian/domain';

/** The catalogue's groups in catalogue order. */
const GROUPS = [...new Set(ALGORITHMS.map((a) => a.group))];

interface AlgorithmSelectProps {
  value: AlgorithmKey;
  onChange: (key: AlgorithmKey) => void;
  label?: string;
  disabled?: boolean;
}

/** The catalogue's algorithms grouped under their headings, in the catalogue's order. */
export function AlgorithmSelect({
  value,
  onChange,
  label = 'Algorithm',
  disabled,
}: AlgorithmSelectProps) {
  const id = `algorithm-select-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <FormControl size="small" sx={{ minWidth: 260 }} disabled={disabled}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value}
        onChange={(event) => {
          if (isAlgorithmKey(event.target.value)) onChange(event.target.value);
        }}
      >
        {GROUPS.flatMap((group) => [
          <ListSubheader key={`group-${group}`}>{group}</ListSubheader>,
          ...ALGORITHMS.filter((a) => a.group === group).map((a) => (
            // The label is the option's name; what it leaves out is its tooltip (and accessible description).
            <MenuItem key={a.key} value={a.key} title={ALGORITHM_DESCRIPTIONS[a.key]}>
              {a.label}
            </MenuItem>
          )),
        ])}
      </Select>
    </FormControl>
  );
}
