import type { TAlgorithm } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  EXPLAINED_ALGORITHMS,
  EXPLAINED_PARAMETERS,
  tunableParameters,
} from '../utils/algorithm-parameters';

type AlgorithmSettingsProps = {
  algorithms: TAlgorithm[];
  algorithm: string;
  values: Record<string, string>;
  invalid: readonly string[];
  onAlgorithmChange: (name: string) => void;
  onValueChange: (name: string, value: string) => void;
};

function isExplained<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * The algorithm, each explained in the user's language, and the chosen one's parameters with
 * what they do (the differential-privacy budget epsilon among them).
 */
export function AlgorithmSettings(props: AlgorithmSettingsProps) {
  const { algorithms, algorithm, values, invalid, onAlgorithmChange, onValueChange } = props;
  const { t } = useTranslation();
  const chosen = algorithms.find((candidate) => candidate.name === algorithm);
  const name = (value: string) =>
    isExplained(EXPLAINED_ALGORITHMS, value) ? t(`nucleus.algorithms.${value}.name`) : value;
  const description = (value: string) =>
    isExplained(EXPLAINED_ALGORITHMS, value)
      ? t(`nucleus.algorithms.${value}.description`)
      : t('nucleus.algorithms.other');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl>
        <FormLabel id="nucleus-algorithm">{t('nucleus.synthesize.algorithm')}</FormLabel>
        <RadioGroup
          aria-labelledby="nucleus-algorithm"
          value={algorithm}
          onChange={(event) => {
            onAlgorithmChange(event.target.value);
          }}
          sx={{ gap: 1, mt: 1 }}
        >
          {algorithms.map((candidate) => (
            <FormControlLabel
              key={candidate.name}
              value={candidate.name}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Typography>{name(candidate.name)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {description(candidate.name)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {chosen === undefined || tunableParameters(chosen).length === 0 ? null : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {tunableParameters(chosen).map((parameter) => {
            const isInvalid = invalid.includes(parameter.name);
            const explained = isExplained(EXPLAINED_PARAMETERS, parameter.name);
            const helper = isInvalid
              ? t('nucleus.parameters.invalid')
              : explained
                ? t(`nucleus.parameters.${parameter.name}.help`)
                : t('nucleus.parameters.other');
            const label = explained
              ? t(`nucleus.parameters.${parameter.name}.label`)
              : parameter.name;
            return parameter.values === undefined ? (
              <TextField
                key={parameter.name}
                label={label}
                value={values[parameter.name] ?? ''}
                error={isInvalid}
                helperText={helper}
                slotProps={{
                  htmlInput: { inputMode: parameter.type === 'integer' ? 'numeric' : 'decimal' },
                }}
                onChange={(event) => {
                  onValueChange(parameter.name, event.target.value);
                }}
              />
            ) : (
              <TextField
                key={parameter.name}
                select
                label={label}
                value={values[parameter.name] ?? ''}
                helperText={helper}
                onChange={(event) => {
                  onValueChange(parameter.name, event.target.value);
                }}
              >
                {parameter.values.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value === 'auto' || value === 'empirical'
                      ? t(`nucleus.parameters.marginal.${value}`)
                      : value}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
